import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileDrop, type FileDropProps } from './file-drop';
import { renderWithTheme, seriousAxeViolations } from './test-utils';

function Harness(props: Partial<FileDropProps>) {
  const [files, setFiles] = useState<File[]>([]);
  return <FileDrop label="Resume" {...props} value={files} onChange={setFiles} />;
}

const file = (name: string, type: string, size = 10) => new File(['x'.repeat(size)], name, { type });
const input = () => screen.getByLabelText('Resume', { selector: 'input' }) as HTMLInputElement;
const chosen = () =>
  within(screen.getByRole('list', { name: 'Chosen files' }))
    .getAllByRole('listitem')
    .map((li) => li.firstChild?.firstChild?.textContent);

describe('FileDrop', () => {
  const user = userEvent.setup({ applyAccept: false });

  it('keeps one file when not multiple: a new file replaces the old one', async () => {
    renderWithTheme(<Harness />);
    await user.upload(input(), file('a.pdf', 'application/pdf'));
    expect(chosen()).toEqual(['a.pdf']);
    await user.upload(input(), file('b.pdf', 'application/pdf'));
    expect(chosen()).toEqual(['b.pdf']);
  });

  it('keeps several files when multiple', async () => {
    renderWithTheme(<Harness multiple />);
    await user.upload(input(), [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')]);
    await user.upload(input(), file('c.pdf', 'application/pdf'));
    expect(chosen()).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it("applies maxFiles with multiple and says 'Too many files'", async () => {
    renderWithTheme(<Harness multiple maxFiles={2} />);
    await user.upload(input(), [
      file('a.pdf', 'application/pdf'),
      file('b.pdf', 'application/pdf'),
      file('c.pdf', 'application/pdf'),
    ]);
    expect(await screen.findAllByText('Too many files')).toHaveLength(3);
    expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument();
    await user.upload(input(), [file('a.pdf', 'application/pdf'), file('b.pdf', 'application/pdf')]);
    expect(chosen()).toEqual(['a.pdf', 'b.pdf']);
    await user.upload(input(), file('c.pdf', 'application/pdf'));
    expect(await screen.findByText('Too many files')).toBeInTheDocument();
    expect(chosen()).toEqual(['a.pdf', 'b.pdf']);
  });

  it("rejects a wrong type with 'File type must be ...' listing the accepted types", async () => {
    renderWithTheme(
      <Harness
        accept={{
          'application/pdf': [],
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
        }}
      />,
    );
    await user.upload(input(), file('photo.png', 'image/png'));
    expect(await screen.findByText('File type must be application/pdf, .docx')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('photo.png');
  });

  it("rejects a large file with 'File is larger than N bytes'", async () => {
    renderWithTheme(<Harness maxSize={100} />);
    await user.upload(input(), file('big.pdf', 'application/pdf', 101));
    expect(await screen.findByText('File is larger than 100 bytes')).toBeInTheDocument();
  });

  it("rejects a small file with 'File is smaller than N bytes'", async () => {
    renderWithTheme(<Harness minSize={5} />);
    await user.upload(input(), file('tiny.pdf', 'application/pdf', 2));
    expect(await screen.findByText('File is smaller than 5 bytes')).toBeInTheDocument();
  });

  it('removes a chosen file', async () => {
    renderWithTheme(<Harness />);
    await user.upload(input(), file('a.pdf', 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chosen files' })).not.toBeInTheDocument());
  });

  it('has a labelled, focusable choose button', async () => {
    const { container } = renderWithTheme(<Harness />);
    const choose = screen.getByRole('button', { name: 'Resume Choose a file' });
    await user.tab();
    expect(choose).toHaveFocus();
    const violations = await seriousAxeViolations(container);
    expect(violations).toEqual([]);
  });

  describe('on a touch screen (a phone)', () => {
    afterEach(() => vi.unstubAllGlobals());
    const touchScreen = () =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: query.includes('pointer: coarse'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));

    it('says a tap chooses a file or takes a photo, nothing of dropping', () => {
      touchScreen();
      renderWithTheme(<Harness accept={{ 'application/pdf': [], 'image/png': [], 'image/jpeg': [] }} />);
      expect(screen.getByRole('button', { name: 'Resume Choose a file or take a photo' })).toBeInTheDocument();
      expect(screen.queryByText(/drop/i)).not.toBeInTheDocument();
    });

    it('offers no photo when photos are not accepted, and "files or photos" when several are kept', () => {
      touchScreen();
      const { unmount } = renderWithTheme(<Harness accept={{ 'application/pdf': [] }} />);
      expect(screen.getByRole('button', { name: 'Resume Choose a file' })).toBeInTheDocument();
      unmount();
      renderWithTheme(<Harness multiple />);
      expect(screen.getByRole('button', { name: 'Resume Choose files or take photos' })).toBeInTheDocument();
    });

    it('keeps the desktop wording with a mouse', () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      renderWithTheme(<Harness />);
      expect(screen.getByText('Drop a file here, or')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Resume Choose a file' })).toBeInTheDocument();
    });
  });
});
