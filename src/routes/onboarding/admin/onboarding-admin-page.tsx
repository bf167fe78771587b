import { useSearchParams } from 'react-router-dom';
import { ToggleGroup } from '../../../ui/tab-strip';
import { PrivatePage } from '../../../app/page-shell';
import { CompetencyTestsTab } from './competency-tests-tab';
import { DocumentTypesTab } from './document-types-tab';
import { FormTemplatesTab } from './form-templates-tab';
import { NoteTypesTab } from './note-types-tab';
import { SendRequestsTab } from './send-requests-tab';

const TABS = {
  'form-templates': { label: 'Form templates', Component: FormTemplatesTab },
  'note-types': { label: 'Note types', Component: NoteTypesTab },
  'document-types': { label: 'Document types', Component: DocumentTypesTab },
  'competency-tests': { label: 'Competency tests', Component: CompetencyTestsTab },
  'send-requests': { label: 'Send requests', Component: SendRequestsTab },
} as const;
type TabKey = keyof typeof TABS;

function isTab(value: string | null): value is TabKey {
  return !!value && value in TABS;
}

/**
 * The organization's onboarding settings (admin, master): form templates, note types, document types,
 * competency tests, and sending requests. The section is in `?tab=`, so it works wherever it is mounted.
 */
export function OnboardingAdminPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: TabKey = isTab(raw) ? raw : 'form-templates';
  const { Component } = TABS[tab];
  return (
    <PrivatePage
      title="Onboarding"
      description="What new employees fill, sign, upload and pass before they are ready to hire."
    >
      <ToggleGroup
        label="Onboarding settings"
        value={tab}
        options={(Object.keys(TABS) as TabKey[]).map((key) => ({ value: key, label: TABS[key].label }))}
        onChange={(next) => setParams(next === 'form-templates' ? {} : { tab: next })}
      />
      <Component key={tab} />
    </PrivatePage>
  );
}

export default OnboardingAdminPage;
