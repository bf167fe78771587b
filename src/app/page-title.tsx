import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

type SetPageTitle = (title: string | undefined) => void;

const PageTitleContext = createContext<{ title: string | undefined; setTitle: SetPageTitle } | null>(null);

/** Holds the current page's title, for the document title ("Users · Sunrise Home Care"). */
export function PageTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState<string | undefined>(undefined);
  return <PageTitleContext.Provider value={{ title, setTitle }}>{children}</PageTitleContext.Provider>;
}

export function useCurrentPageTitle(): string | undefined {
  return useContext(PageTitleContext)?.title;
}

/** Names the page in the document title while it is shown (does nothing outside the provider). */
export function usePageTitle(title: string | undefined) {
  const setTitle = useContext(PageTitleContext)?.setTitle;
  useEffect(() => {
    if (!setTitle) return;
    setTitle(title);
    return () => setTitle(undefined);
  }, [setTitle, title]);
}
