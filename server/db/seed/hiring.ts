import { eq } from 'drizzle-orm';
import { addDays, dateIn } from '#domain/dates';
import { newStorageKey, type FileStorage } from '../../lib/file-storage';
import { minimalPdf } from '../../lib/minimal-pdf';
import { SIGNATURE_FILE_NAME } from '../../lib/signature-files';
import type { Tx } from '../connection';
import {
  applications,
  competencyTests,
  documentTypes,
  employeeDocuments,
  employeeProfiles,
  files,
  formRequests,
  formTemplates,
  noteTypes,
  testRequests,
  type FormField,
  type ObservedSkill,
  type TestQuestion,
} from '../schema';
import { DEMO_TIMEZONES, daysBefore, demoStaff, type DemoIds } from './demo';

/** Runs the calls one after another (queries of one transaction share its connection: never at once). */
async function inOrder<T>(calls: readonly (() => T | Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (const call of calls) results.push(await call());
  return results;
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
  {
    key: 'attest',
    label: 'I attest, under penalty of perjury, that the information above is true and correct.',
    type: 'checkbox',
    required: true,
  },
];

const HIPAA_FIELDS: FormField[] = [
  {
    key: 'understand',
    label: 'I will use and disclose clients’ protected health information only as my work requires.',
    type: 'checkbox',
    required: true,
  },
  {
    key: 'report',
    label: 'I will report any suspected privacy breach to the office at once.',
    type: 'checkbox',
    required: true,
  },
  { key: 'questions', label: 'Questions for the privacy officer (optional)', type: 'textarea', required: false },
];

const EMERGENCY_FIELDS: FormField[] = [
  { key: 'contact_name', label: 'Emergency contact name', type: 'text', required: true },
  { key: 'relationship', label: 'Relationship', type: 'text', required: true },
  { key: 'contact_phone', label: 'Phone', type: 'text', required: true },
  { key: 'notes', label: 'Anything the office should know (allergies, conditions)', type: 'textarea', required: false },
];

/** The demo's drawn signatures: one pen stroke, rendered to PNG once per seeding (sharp loads only here). */
const DEMO_SIGNATURE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="120"><path d="M18 84 C 36 18, 58 18, 66 74 S 96 112, 116 60 S 146 22, 166 72 S 198 102, 216 62 C 230 36, 248 40, 252 72 S 290 92, 342 46" fill="none" stroke="#1f2937" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>';
let demoSignature: Promise<Buffer> | null = null;
const demoSignaturePng = () =>
  (demoSignature ??= import('sharp').then(({ default: sharp }) =>
    sharp(Buffer.from(DEMO_SIGNATURE_SVG)).png().toBuffer(),
  ));

/** A demo signature: its bytes (when `storage` is given) and its file row; returns the row's id. */
async function seedSignature(
  tx: Tx,
  storage: FileStorage | null,
  organizationId: number,
  createdById: number | null,
  createdAt: Date,
): Promise<number> {
  const key = newStorageKey(organizationId);
  const png = await demoSignaturePng();
  if (storage) await storage.put(key, png);
  const [row] = await tx
    .insert(files)
    .values({
      organizationId,
      storageKey: key,
      name: SIGNATURE_FILE_NAME,
      size: png.length,
      contentType: 'image/png',
      createdById,
      createdAt,
    })
    .returning({ id: files.id });
  return row.id;
}

/** The onboarding settings and items behind the demo users' forms due (sunrise), and foreign rows (harbor). */
export async function seedDemoHiring(tx: Tx, ids: DemoIds, storage: FileStorage | null, now: Date): Promise<void> {
  const { sunrise, sunriseAdmin: admin, nurse, aide, newhire } = demoStaff(ids);
  const [eligibility, hipaa, emergency] = await tx
    .insert(formTemplates)
    .values([
      {
        organizationId: sunrise,
        name: 'Employment eligibility attestation',
        description:
          'Confirms that you may work in the United States. Bring your identity documents to the office in your first three days.',
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

  const completed = async (
    templateId: number,
    employeeId: number,
    answers: Record<string, unknown>,
    countersigned = false,
  ) => ({
    organizationId: sunrise,
    templateId,
    employeeId,
    required: true,
    status: 'COMPLETED',
    answers,
    signatureFileId: await seedSignature(tx, storage, sunrise, employeeId, daysBefore(now, 60)),
    signedAt: daysBefore(now, 60),
    ...(countersigned
      ? {
          countersignatureFileId: await seedSignature(tx, storage, sunrise, admin, daysBefore(now, 59)),
          countersignedById: admin,
          countersignedAt: daysBefore(now, 59),
        }
      : {}),
    requestedById: admin,
    createdAt: daysBefore(now, 62),
  });
  const pending = (templateId: number, employeeId: number, createdDaysAgo: number) => ({
    organizationId: sunrise,
    templateId,
    employeeId,
    required: true,
    status: 'PENDING',
    requestedById: admin,
    createdAt: daysBefore(now, createdDaysAgo),
  });
  const eligible = { status: 'A citizen of the United States', attest: true };
  // one after another: the calls share the transaction's connection
  const requests = await inOrder([
    // nurse: everything complete
    () => completed(eligibility.id, nurse, { ...eligible, legal_name: 'Nora Okafor', date_of_birth: '1986-04-12' }),
    () => completed(hipaa.id, nurse, { understand: true, report: true }, true),
    () =>
      completed(emergency.id, nurse, {
        contact_name: 'Daniel Okafor',
        relationship: 'Husband',
        contact_phone: '(555) 201-3344',
      }),
    // aide: one required form due (the confidentiality agreement was re-issued)
    () => completed(eligibility.id, aide, { ...eligible, legal_name: 'Ada Lindqvist', date_of_birth: '1992-09-03' }),
    () =>
      completed(emergency.id, aide, {
        contact_name: 'Erik Lindqvist',
        relationship: 'Brother',
        contact_phone: '(555) 310-7788',
      }),
    () => pending(hipaa.id, aide, 3),
    // new hire: the forms assigned on hire, one done
    () =>
      completed(emergency.id, newhire, {
        contact_name: 'Priya Patel',
        relationship: 'Mother',
        contact_phone: '(555) 442-1020',
      }),
    () => pending(eligibility.id, newhire, 2),
    () => pending(hipaa.id, newhire, 2),
  ]);
  await tx.insert(formRequests).values(requests);
  await seedSettingsAndItems(tx, ids, storage, now);
}

const HHA_OBSERVED_SKILLS: ObservedSkill[] = [
  {
    id: 'communication',
    label:
      'Communication skills: reads, writes and verbally reports clinical information to patients, representatives and other staff',
  },
  { id: 'vital-signs', label: 'Reading and recording temperature, pulse and respiration' },
  {
    id: 'personal-care',
    label:
      'Personal hygiene and grooming: bed bath, sponge, tub or shower bath, hair shampooing, nail and skin care, oral hygiene, toileting and elimination',
  },
  { id: 'transfers', label: 'Safe transfer techniques and ambulation' },
  { id: 'range-of-motion', label: 'Normal range of motion and positioning' },
  { id: 'nutrition', label: 'Adequate nutrition and fluid intake' },
];

const q = (id: string, text: string, choices: string[], answer: number, subject: string): TestQuestion => ({
  id,
  text,
  choices,
  answer,
  subject,
});

const HHA_QUESTIONS: TestQuestion[] = [
  q(
    'q1',
    'When should you wash your hands during a visit?',
    [
      'Only when they look dirty',
      'Before and after client contact, and after removing gloves',
      'Only at the start of the visit',
      'Only after using the bathroom',
    ],
    1,
    'Infection control',
  ),
  q(
    'q2',
    'How long should you scrub your hands with soap and water?',
    ['5 seconds', 'At least 20 seconds', 'Exactly 2 minutes', 'It does not matter'],
    1,
    'Infection control',
  ),
  q(
    'q3',
    'What is a normal resting pulse for an adult?',
    ['30-50 beats per minute', '60-100 beats per minute', '110-140 beats per minute', '150-180 beats per minute'],
    1,
    'Vital signs',
  ),
  q(
    'q4',
    'A normal oral temperature for an adult is about:',
    ['95.0 °F (35.0 °C)', '98.6 °F (37.0 °C)', '101.5 °F (38.6 °C)', '103.0 °F (39.4 °C)'],
    1,
    'Vital signs',
  ),
  q(
    'q5',
    'How do you count respirations?',
    [
      'Ask the client to breathe deeply and count',
      'Count each rise and fall of the chest as one breath for a full minute, without telling the client',
      'Count for 5 seconds and multiply by 12',
      'Use the pulse count',
    ],
    1,
    'Vital signs',
  ),
  q(
    'q6',
    'When lifting, you should:',
    [
      'Bend at the waist and keep your legs straight',
      'Bend your knees, keep your back straight and hold the load close',
      'Twist to reach the load faster',
      'Lift with your arms extended',
    ],
    1,
    'Body mechanics and transfers',
  ),
  q(
    'q7',
    'Before transferring a client from bed to wheelchair, you first:',
    [
      'Unlock the wheelchair brakes',
      'Lock the wheelchair brakes and explain what you will do',
      'Pull the client by the arms',
      'Raise the bed to its highest position',
    ],
    1,
    'Body mechanics and transfers',
  ),
  q(
    'q8',
    'You find your client on the floor, not responding. What do you do first?',
    [
      'Help them back into bed',
      'Call 911 (or the emergency number) and follow the emergency plan',
      'Finish your other tasks, then call the office',
      'Give them water',
    ],
    1,
    'Emergencies',
  ),
  q(
    'q9',
    'A client refuses a bath. You should:',
    [
      'Bathe them anyway, it is in the care plan',
      'Respect the refusal, ask why, and report it to the nurse or office',
      'Skip it and say nothing',
      'Tell the family to insist',
    ],
    1,
    'Client rights',
  ),
  q(
    'q10',
    'Which is a client right?',
    [
      'To have their care information shared with neighbors',
      'To be treated with dignity and have their property respected',
      'To be told only what the aide decides',
      'To be restrained when they disagree',
    ],
    1,
    'Client rights',
  ),
];

const CAREGIVER_QUESTIONS: TestQuestion[] = [
  q(
    'q1',
    'What is the most effective way to stop the spread of infection?',
    ['Wearing a mask all day', 'Hand hygiene', 'Opening windows', 'Taking vitamins'],
    1,
    'Infection control',
  ),
  q(
    'q2',
    'A client seems confused and unusually sleepy today. You should:',
    [
      'Let them sleep and leave',
      'Report the change to the office right away',
      'Give them coffee',
      'Wait until next week',
    ],
    1,
    'Observing and reporting changes',
  ),
  q(
    'q3',
    'Where should rugs and cords be in a client’s home?',
    ['Anywhere convenient', 'Out of walking paths to prevent falls', 'Under the bed', 'On the stairs'],
    1,
    'Safety in the home',
  ),
  q(
    'q4',
    'Client information may be shared with:',
    [
      'Anyone who asks',
      'Only those involved in the client’s care',
      'Your friends, without names',
      'Social media followers',
    ],
    1,
    'Privacy',
  ),
  q(
    'q5',
    'If you suspect abuse or neglect, you:',
    ['Ignore it', 'Report it to your supervisor as required by law', 'Confront the family', 'Post about it'],
    1,
    'Reporting abuse and neglect',
  ),
];

const DEMO_RESUME_KEY = 'demo/sunrise-application-resume.pdf';

async function seedSettingsAndItems(tx: Tx, ids: DemoIds, storage: FileStorage | null, now: Date): Promise<void> {
  const { sunrise, harbor, sunriseAdmin: admin, nurse, aide, newhire } = demoStaff(ids);

  await tx
    .insert(noteTypes)
    .values([
      ...['Interview', 'Reference check', 'Training', 'Performance'].map((name) => ({ organizationId: sunrise, name })),
      ...['Interview', 'Supervisory visit'].map((name) => ({ organizationId: harbor, name })),
    ]);

  const types = await tx
    .insert(documentTypes)
    .values([
      { organizationId: sunrise, name: 'CPR certification', required: true, requiresExpiry: true, positions: [] },
      { organizationId: sunrise, name: 'TB test', required: true, requiresExpiry: true, positions: [] },
      { organizationId: sunrise, name: "Driver's license", required: true, requiresExpiry: true, positions: [] },
      {
        organizationId: sunrise,
        name: 'Professional license',
        required: true,
        requiresExpiry: true,
        positions: ['RN', 'LPN'],
      },
      { organizationId: harbor, name: 'CPR certification', required: true, requiresExpiry: true, positions: [] },
    ])
    .returning();
  const sunriseTypes = types.filter((t) => t.organizationId === sunrise);

  const [hhaTest, caregiverTest] = await tx
    .insert(competencyTests)
    .values([
      {
        organizationId: sunrise,
        name: 'Home health aide competency',
        description:
          'The written part covers infection control, vital signs, body mechanics, emergencies and client rights. A registered nurse then observes the six skills that 42 CFR 484.80(c) requires.',
        passMark: 80,
        questions: HHA_QUESTIONS,
        observedSkills: HHA_OBSERVED_SKILLS,
        positions: ['HHA'],
      },
      {
        organizationId: sunrise,
        name: 'Caregiver competency',
        description: 'Infection control, safety in the home, privacy and reporting.',
        passMark: 80,
        questions: CAREGIVER_QUESTIONS,
        observedSkills: [],
        positions: [],
      },
    ])
    .returning();

  const fileRow = async (name: string, data: Buffer, key: string, createdById: number | null) => {
    if (storage) await storage.put(key, data);
    const [row] = await tx
      .insert(files)
      .values({
        organizationId: sunrise,
        storageKey: key,
        name,
        size: data.length,
        contentType: 'application/pdf',
        createdById,
        createdAt: daysBefore(now, 30),
      })
      .returning();
    return row;
  };

  // documents: nurse all approved (CPR expiring in 20 days, marked as warned 30 days ahead so a start-up sweep
  // sends nothing), aide approved, new hire missing
  const docFor = async (
    employeeId: number,
    type: (typeof sunriseTypes)[number],
    state: 'approved' | 'missing',
    expiresInDays = 365,
  ) => {
    if (state === 'missing') {
      return {
        organizationId: sunrise,
        employeeId,
        documentTypeId: type.id,
        name: type.name,
        required: true,
        requiresExpiry: type.requiresExpiry,
        requestedById: admin,
        createdAt: daysBefore(now, 2),
      };
    }
    const slug = type.name.toLowerCase().replace(/[^a-z]+/g, '-');
    const file = await fileRow(
      `${slug}.pdf`,
      minimalPdf([type.name, 'Demo document']),
      `demo/${employeeId}-${slug}.pdf`,
      employeeId,
    );
    return {
      organizationId: sunrise,
      employeeId,
      documentTypeId: type.id,
      name: type.name,
      required: true,
      requiresExpiry: type.requiresExpiry,
      status: 'APPROVED',
      fileId: file.id,
      expiresOn: addDays(dateIn(DEMO_TIMEZONES.sunrise, now), expiresInDays),
      uploadedAt: daysBefore(now, 40),
      reviewedAt: daysBefore(now, 39),
      reviewedById: admin,
      requestedById: admin,
      createdAt: daysBefore(now, 60),
      ...(expiresInDays <= 30 ? { warned30At: daysBefore(now, 10) } : {}),
    };
  };
  const byName = (name: string) => sunriseTypes.find((t) => t.name === name)!;
  const everyone = ['CPR certification', 'TB test', "Driver's license"];
  await tx
    .insert(employeeDocuments)
    .values([
      await docFor(nurse, byName('CPR certification'), 'approved', 20),
      await docFor(nurse, byName('TB test'), 'approved', 300),
      await docFor(nurse, byName("Driver's license"), 'approved', 900),
      await docFor(nurse, byName('Professional license'), 'approved', 500),
      ...(await inOrder(everyone.map((n, i) => () => docFor(aide, byName(n), 'approved', 200 + i * 100)))),
      ...(await inOrder(everyone.map((n) => () => docFor(newhire, byName(n), 'missing')))),
    ]);

  // tests: nurse and aide passed (the aide observed by the nurse), new hire pending
  const answersOf = (questions: TestQuestion[]) =>
    Object.fromEntries(questions.map((question) => [question.id, question.answer]));
  await tx.insert(testRequests).values([
    {
      organizationId: sunrise,
      testId: caregiverTest.id,
      employeeId: nurse,
      status: 'PASSED',
      answers: answersOf(CAREGIVER_QUESTIONS),
      score: 100,
      writtenPassed: true,
      submittedAt: daysBefore(now, 58),
      requestedById: admin,
      createdAt: daysBefore(now, 60),
    },
    {
      organizationId: sunrise,
      testId: hhaTest.id,
      employeeId: aide,
      status: 'PASSED',
      answers: { ...answersOf(HHA_QUESTIONS), q9: 0 },
      score: 90,
      writtenPassed: true,
      skillResults: HHA_OBSERVED_SKILLS.map((skill) => ({
        skill_id: skill.id,
        label: skill.label,
        satisfactory: true,
        comment: null,
      })),
      observerId: nurse,
      observerSignatureFileId: await seedSignature(tx, storage, sunrise, nurse, daysBefore(now, 55)),
      observedAt: daysBefore(now, 55),
      submittedAt: daysBefore(now, 57),
      requestedById: admin,
      createdAt: daysBefore(now, 60),
    },
    {
      organizationId: sunrise,
      testId: caregiverTest.id,
      employeeId: newhire,
      status: 'PENDING',
      requestedById: admin,
      createdAt: daysBefore(now, 2),
    },
  ]);

  // applications: one pending with a resume, one accepted (the new hire), one rejected
  const availability = (days: string[], shifts: string[]) => ({ days, shifts, hours_per_week: 30 });
  const resume = minimalPdf([
    'Grace Mbeki - Home Health Aide',
    'grace.mbeki@applicant.example  (555) 610-2231',
    '',
    'Experience',
    '2021-2026  Personal care aide, Riverside Senior Living',
    '2019-2021  Family caregiver',
    '',
    'Certifications: HHA training (75 hours), CPR/First Aid',
  ]);
  const resumeFile = await fileRow('Grace Mbeki resume.pdf', resume, DEMO_RESUME_KEY, null);
  const [, accepted] = await tx
    .insert(applications)
    .values([
      {
        organizationId: sunrise,
        position: 'HHA',
        firstName: 'Grace',
        lastName: 'Mbeki',
        email: 'grace.mbeki@applicant.example',
        phone: '(555) 610-2231',
        address: '48 Orchard Lane, Springfield',
        availability: availability(['MON', 'TUE', 'WED', 'THU', 'FRI'], ['MORNING', 'AFTERNOON']),
        experience:
          'Five years of personal care in assisted living: bathing, transfers, meal preparation, vital signs.',
        yearsExperience: 5,
        attestationSignatureFileId: await seedSignature(tx, storage, sunrise, null, daysBefore(now, 1)),
        resumeFileId: resumeFile.id,
        createdAt: daysBefore(now, 1),
      },
      {
        organizationId: sunrise,
        status: 'ACCEPTED',
        position: 'HCC',
        firstName: 'Noah',
        lastName: 'Patel',
        email: 'newhire@sunrise.example',
        phone: '(555) 442-1019',
        address: '7 Harbor View, Springfield',
        availability: availability(['SAT', 'SUN'], ['MORNING', 'EVENING']),
        experience: 'Cared for my grandfather for two years.',
        yearsExperience: 2,
        attestationSignatureFileId: await seedSignature(tx, storage, sunrise, null, daysBefore(now, 5)),
        createdAt: daysBefore(now, 5),
        reviewedAt: daysBefore(now, 3),
        reviewedById: admin,
        employeeId: newhire,
      },
      {
        organizationId: sunrise,
        status: 'REJECTED',
        position: 'RN',
        firstName: 'Victor',
        lastName: 'Hale',
        email: 'victor.hale@applicant.example',
        phone: '(555) 298-7710',
        address: '300 Main Street, Springfield',
        availability: availability(['MON'], ['OVERNIGHT']),
        experience: 'New graduate, license pending.',
        yearsExperience: 0,
        attestationSignatureFileId: await seedSignature(tx, storage, sunrise, null, daysBefore(now, 9)),
        createdAt: daysBefore(now, 9),
        reviewedAt: daysBefore(now, 8),
        reviewedById: admin,
        rejectionReason: 'No active RN license yet; welcome to apply again once licensed.',
      },
    ])
    .returning({ id: applications.id });
  await tx.update(employeeProfiles).set({ applicationId: accepted.id }).where(eq(employeeProfiles.userId, newhire));
  await tx
    .update(employeeProfiles)
    .set({ readyAt: daysBefore(now, 50) })
    .where(eq(employeeProfiles.status, 'READY'));
}
