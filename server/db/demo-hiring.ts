import type { Db } from './connection';
import { formRequests, formTemplates, type FormField } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface DemoIds {
  organizations: Record<'sunrise' | 'harbor', number>;
  /** user id by demo email */
  users: Record<string, number>;
}

const ELIGIBILITY_FIELDS: FormField[] = [
  { key: 'legal_name', label: 'Full legal name', type: 'text', required: true },
  { key: 'date_of_birth', label: 'Date of birth', type: 'date', required: true },
  {
    key: 'status',
    label: 'I attest that I am',
    type: 'select',
    required: true,
    options: ['A citizen of the United States', 'A lawful permanent resident', 'A noncitizen authorized to work'],
  },
  { key: 'attest', label: 'I attest, under penalty of perjury, that the information above is true and correct.', type: 'checkbox', required: true },
];

const HIPAA_FIELDS: FormField[] = [
  {
    key: 'understand',
    label: 'I will use and disclose clients’ protected health information only as my work requires.',
    type: 'checkbox',
    required: true,
  },
  { key: 'report', label: 'I will report any suspected privacy breach to the office at once.', type: 'checkbox', required: true },
  { key: 'questions', label: 'Questions for the privacy officer (optional)', type: 'textarea', required: false },
];

const EMERGENCY_FIELDS: FormField[] = [
  { key: 'contact_name', label: 'Emergency contact name', type: 'text', required: true },
  { key: 'relationship', label: 'Relationship', type: 'text', required: true },
  { key: 'contact_phone', label: 'Phone', type: 'text', required: true },
  { key: 'notes', label: 'Anything the office should know (allergies, conditions)', type: 'textarea', required: false },
];

const SIGNATURE_PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The onboarding settings and items behind the demo users' forms due (sunrise), and foreign rows (harbor). */
export async function seedDemoHiring(tx: Tx, ids: DemoIds, now = new Date()): Promise<void> {
  const sunrise = ids.organizations.sunrise;
  const admin = ids.users['admin@sunrise.example'];
  const [eligibility, hipaa, emergency] = await tx
    .insert(formTemplates)
    .values([
      {
        organizationId: sunrise,
        name: 'Employment eligibility attestation',
        description: 'Confirms that you may work in the United States. Bring your identity documents to the office in your first three days.',
        fields: ELIGIBILITY_FIELDS,
        signers: ['EMPLOYEE'],
        required: true,
        assignOnHire: true,
      },
      {
        organizationId: sunrise,
        name: 'Confidentiality (HIPAA) agreement',
        description: 'How we protect our clients’ health information. Signed by you and countersigned by the office.',
        fields: HIPAA_FIELDS,
        signers: ['EMPLOYEE', 'ADMIN'],
        required: true,
        assignOnHire: true,
      },
      {
        organizationId: sunrise,
        name: 'Emergency contact',
        description: 'Whom we call if something happens to you during a visit.',
        fields: EMERGENCY_FIELDS,
        signers: ['EMPLOYEE'],
        required: true,
        assignOnHire: true,
      },
    ])
    .returning({ id: formTemplates.id });
  await tx.insert(formTemplates).values({
    organizationId: ids.organizations.harbor,
    name: 'Harbor orientation acknowledgment',
    description: 'Confirms you attended the Harbor Home Health orientation.',
    fields: [{ key: 'attended_on', label: 'Orientation date', type: 'date', required: true }],
    signers: ['EMPLOYEE'],
    required: true,
    assignOnHire: true,
  });

  const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
  const completed = (templateId: number, employeeId: number, answers: Record<string, unknown>, countersigned = false) => ({
    organizationId: sunrise,
    templateId,
    employeeId,
    required: true,
    status: 'COMPLETED',
    answers,
    signature: SIGNATURE_PIXEL,
    signedAt: daysAgo(60),
    ...(countersigned ? { countersignature: SIGNATURE_PIXEL, countersignedById: admin, countersignedAt: daysAgo(59) } : {}),
    requestedById: admin,
    createdAt: daysAgo(62),
  });
  const pending = (templateId: number, employeeId: number, createdDaysAgo: number) => ({
    organizationId: sunrise,
    templateId,
    employeeId,
    required: true,
    status: 'PENDING',
    requestedById: admin,
    createdAt: daysAgo(createdDaysAgo),
  });
  const nurse = ids.users['nurse@sunrise.example'];
  const aide = ids.users['aide@sunrise.example'];
  const newhire = ids.users['newhire@sunrise.example'];
  const eligible = { status: 'A citizen of the United States', attest: true };
  await tx.insert(formRequests).values([
    // nurse: everything complete
    completed(eligibility.id, nurse, { ...eligible, legal_name: 'Nora Okafor', date_of_birth: '1986-04-12' }),
    completed(hipaa.id, nurse, { understand: true, report: true }, true),
    completed(emergency.id, nurse, { contact_name: 'Daniel Okafor', relationship: 'Husband', contact_phone: '(555) 201-3344' }),
    // aide: one required form due (the confidentiality agreement was re-issued)
    completed(eligibility.id, aide, { ...eligible, legal_name: 'Ada Lindqvist', date_of_birth: '1992-09-03' }),
    completed(emergency.id, aide, { contact_name: 'Erik Lindqvist', relationship: 'Brother', contact_phone: '(555) 310-7788' }),
    pending(hipaa.id, aide, 3),
    // new hire: the forms assigned on hire, one done
    completed(emergency.id, newhire, { contact_name: 'Priya Patel', relationship: 'Mother', contact_phone: '(555) 442-1020' }),
    pending(eligibility.id, newhire, 2),
    pending(hipaa.id, newhire, 2),
  ]);
}
