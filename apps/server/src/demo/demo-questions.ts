import { and, eq } from 'drizzle-orm';
import { FIRST_ACCOUNT_ID } from '@certs/shared/account/account.contract';
import type { QuestionType } from '@certs/shared/question-bank/question-type';
import type { Executor } from '../db/executor';
import { examDefinitions, examSectionQuestions, examSections } from '../db/schema/exam-definition';
import { programModules, programs } from '../db/schema/program';
import { questionOptions, questionSubjects, questionTags, questionVersions, questions, subjects, tags } from '../db/schema/question-bank';

type Difficulty = 'Easy' | 'Medium' | 'Hard';

export interface DemoQuestion {
  key: string;
  type: QuestionType;
  difficulty: Difficulty;
  content: string;
  subjects: string[];
  tags: string[];
  /** Option text; a leading "*" marks a correct option (every option of a fill-in-the-blank is accepted). */
  options?: string[];
  canUploadAnswerPaper?: boolean;
}

const SUBJECTS = ['Welding processes', 'Welding symbols', 'Weld imperfections', 'Inspection and testing', 'Health and safety', 'Metallurgy'];
const TAGS = ['MMAW', 'GMAW', 'GTAW', 'SAW', 'FCAW', 'AS 1101.3', 'ISO 2553', 'ISO 6520-1', 'ISO 5817', 'Visual inspection', 'NDT', 'Hydrogen cracking', 'Fume', 'PPE', 'Confined spaces', 'Carbon equivalent', 'Heat input', 'Stainless steel'];

/** Welding knowledge of the kind an IIW welding inspector is examined on, in the four types. */
const QUESTIONS: DemoQuestion[] = [
  {
    key: 'mmaw',
    type: 'General Single Answer',
    difficulty: 'Easy',
    content: '<p>Which arc welding process uses a flux-coated consumable electrode fed by hand?</p>',
    subjects: ['Welding processes'],
    tags: ['MMAW'],
    options: ['*MMAW (SMAW)', 'GTAW (TIG)', 'SAW', 'Plasma arc welding'],
  },
  {
    key: 'gtaw-electrode',
    type: 'General Single Answer',
    difficulty: 'Easy',
    content: '<p>In GTAW (TIG) welding, the tungsten electrode is:</p>',
    subjects: ['Welding processes'],
    tags: ['GTAW'],
    options: ['*Non-consumable', 'Melted into the weld pool', 'Coated with flux', 'Fed continuously from a spool'],
  },
  {
    key: 'gmaw-dip',
    type: 'General Single Answer',
    difficulty: 'Medium',
    content: '<p>Which GMAW metal transfer mode runs at the lowest current and voltage and suits thin sheet and positional welding?</p>',
    subjects: ['Welding processes'],
    tags: ['GMAW'],
    options: ['*Short-circuit (dip) transfer', 'Spray transfer', 'Globular transfer', 'Rotating spray transfer'],
  },
  {
    key: 'gmaw-gas',
    type: 'General Single Answer',
    difficulty: 'Easy',
    content: '<p>The main purpose of the shielding gas in GMAW is to:</p>',
    subjects: ['Welding processes'],
    tags: ['GMAW'],
    options: ['*Protect the molten weld pool from the atmosphere', 'Cool the contact tip', 'Add alloying elements to the base metal', 'Remove slag from the weld face'],
  },
  {
    key: 'saw',
    type: 'Multiple Answer',
    difficulty: 'Medium',
    content: '<p>Which statements about submerged arc welding (SAW) are true? Choose all that apply.</p>',
    subjects: ['Welding processes'],
    tags: ['SAW'],
    options: ['*The arc is hidden under a blanket of granular flux', '*It gives high deposition rates', 'It is well suited to vertical-up welding', 'The welder must watch the arc through a dark filter'],
  },
  {
    key: 'fcaw',
    type: 'General Single Answer',
    difficulty: 'Medium',
    content: '<p>What distinguishes self-shielded FCAW from gas-shielded FCAW?</p>',
    subjects: ['Welding processes'],
    tags: ['FCAW'],
    options: ['*Shielding comes from the flux core alone, without an external gas', 'It uses a solid wire', 'It needs an argon-rich shielding gas', 'It can only weld aluminium'],
  },
  {
    key: 'fillet-symbol',
    type: 'Fill In The Blank',
    difficulty: 'Easy',
    content: '<p>In a welding symbol, the triangle is the symbol of a ____ weld.</p>',
    subjects: ['Welding symbols'],
    tags: ['AS 1101.3', 'ISO 2553'],
    options: ['fillet'],
  },
  {
    key: 'iso2553-arrow-side',
    type: 'General Single Answer',
    difficulty: 'Medium',
    content: '<p>In ISO 2553 (system A), where is the weld symbol drawn when the weld is on the <strong>arrow side</strong> of the joint?</p>',
    subjects: ['Welding symbols'],
    tags: ['ISO 2553'],
    options: ['*On the continuous reference line', 'On the dashed identification line', 'Beside the tail', 'At the arrow head'],
  },
  {
    key: 'flag',
    type: 'General Single Answer',
    difficulty: 'Medium',
    content: '<p>In AS 1101.3, a flag at the junction of the arrow and the reference line means:</p>',
    subjects: ['Welding symbols'],
    tags: ['AS 1101.3'],
    options: ['*The weld is made on site (field weld)', 'Weld all round', 'Grind the weld flush', 'A backing strip is required'],
  },
  {
    key: 'all-round',
    type: 'Fill In The Blank',
    difficulty: 'Easy',
    content: '<p>A circle at the junction of the arrow and the reference line tells the welder to weld all ____.</p>',
    subjects: ['Welding symbols'],
    tags: ['AS 1101.3', 'ISO 2553'],
    options: ['round', 'around'],
  },
  {
    key: 'planar',
    type: 'Multiple Answer',
    difficulty: 'Medium',
    content: '<p>Which of these imperfections are <em>planar</em>? Choose all that apply.</p>',
    subjects: ['Weld imperfections'],
    tags: ['ISO 6520-1'],
    options: ['*Crack', '*Lack of sidewall fusion', 'Porosity', 'Slag inclusion'],
  },
  {
    key: 'hydrogen-cracking',
    type: 'General Single Answer',
    difficulty: 'Hard',
    content: '<p>Hydrogen-induced cold cracking in the HAZ of a C-Mn steel is most likely when:</p>',
    subjects: ['Weld imperfections', 'Metallurgy'],
    tags: ['Hydrogen cracking'],
    options: [
      '*Hydrogen, a hard susceptible microstructure and tensile stress are all present below about 200 °C',
      'The weld metal is high in sulphur and the bead is deep and narrow',
      'The parent metal is an austenitic stainless steel',
      'A preheat above 150 °C has been applied',
    ],
  },
  {
    key: 'undercut',
    type: 'General Single Answer',
    difficulty: 'Easy',
    content: '<p>Undercut is:</p>',
    subjects: ['Weld imperfections'],
    tags: ['ISO 6520-1', 'Visual inspection'],
    options: ['*A groove melted into the parent metal at the weld toe and left unfilled', 'Excess weld metal on the weld face', 'Gas pores at the weld root', 'Misalignment between the plates'],
  },
  {
    key: 'iso5817-assessment',
    type: 'Descriptive',
    difficulty: 'Hard',
    content:
      '<p>A butt weld in 12 mm plate shows surface porosity and undercut 0.8 mm deep along 30 mm of its length.</p><p>Describe how you would assess these imperfections against ISO 5817 quality level C, and what you would write in your inspection report.</p>',
    subjects: ['Weld imperfections', 'Inspection and testing'],
    tags: ['ISO 5817', 'Visual inspection'],
    canUploadAnswerPaper: true,
  },
  {
    key: 'illuminance',
    type: 'General Single Answer',
    difficulty: 'Easy',
    content: '<p>Under ISO 17637, what is the minimum illuminance at the surface for the visual inspection of welds?</p>',
    subjects: ['Inspection and testing'],
    tags: ['Visual inspection'],
    options: ['*350 lx', '50 lx', '150 lx', '1000 lx'],
  },
  {
    key: 'volumetric-ndt',
    type: 'Multiple Answer',
    difficulty: 'Medium',
    content: '<p>Which NDT methods can find imperfections <em>below</em> the surface of a butt weld? Choose all that apply.</p>',
    subjects: ['Inspection and testing'],
    tags: ['NDT'],
    options: ['*Radiographic testing (RT)', '*Ultrasonic testing (UT)', 'Penetrant testing (PT)', 'Visual testing (VT)'],
  },
  {
    key: 'mt-austenitic',
    type: 'General Single Answer',
    difficulty: 'Medium',
    content: '<p>Magnetic particle testing cannot be used on:</p>',
    subjects: ['Inspection and testing'],
    tags: ['NDT', 'Stainless steel'],
    options: ['*Austenitic stainless steel', 'Carbon steel', 'Low-alloy steel', 'Ferritic steel castings'],
  },
  {
    key: 'penetrant',
    type: 'Fill In The Blank',
    difficulty: 'Easy',
    content: '<p>Penetrant testing (PT) draws a coloured or fluorescent ____ into surface-breaking flaws.</p>',
    subjects: ['Inspection and testing'],
    tags: ['NDT'],
    options: ['penetrant', 'dye', 'liquid penetrant'],
  },
  {
    key: 'zinc-fume',
    type: 'General Single Answer',
    difficulty: 'Easy',
    content: '<p>Welding galvanised steel gives off the fume of which metal, a cause of metal fume fever?</p>',
    subjects: ['Health and safety'],
    tags: ['Fume'],
    options: ['*Zinc', 'Chromium', 'Lead', 'Manganese'],
  },
  {
    key: 'ppe',
    type: 'Multiple Answer',
    difficulty: 'Easy',
    content: '<p>Which protective equipment does a welder need for manual metal arc welding? Choose all that apply.</p>',
    subjects: ['Health and safety'],
    tags: ['PPE', 'MMAW'],
    options: ['*A welding helmet with the right filter shade', '*Flame-resistant clothing', '*Leather welding gloves', 'A polyester high-visibility vest over the clothing'],
  },
  {
    key: 'confined-space',
    type: 'Descriptive',
    difficulty: 'Hard',
    content: '<p>Describe the controls needed before anyone welds inside a confined space, such as a storage tank, under AS 2865.</p>',
    subjects: ['Health and safety'],
    tags: ['Confined spaces', 'Fume'],
  },
  {
    key: 'carbon-equivalent',
    type: 'General Single Answer',
    difficulty: 'Medium',
    content: '<p>A steel with a higher carbon equivalent (CE) has:</p>',
    subjects: ['Metallurgy'],
    tags: ['Carbon equivalent', 'Hydrogen cracking'],
    options: ['*Greater hardenability and a higher risk of HAZ cold cracking', 'Better weldability without preheat', 'A lower tensile strength', 'Less need for low-hydrogen consumables'],
  },
  {
    key: 'arc-energy',
    type: 'Fill In The Blank',
    difficulty: 'Medium',
    content: '<p>Arc energy in kJ/mm = (voltage × current × 60) ÷ (1000 × travel ____ in mm/min).</p>',
    subjects: ['Metallurgy'],
    tags: ['Heat input'],
    options: ['speed'],
  },
  {
    key: 'sensitisation',
    type: 'General Single Answer',
    difficulty: 'Hard',
    content: '<p>Sensitisation of an austenitic stainless steel in the HAZ is caused by:</p>',
    subjects: ['Metallurgy'],
    tags: ['Stainless steel'],
    options: [
      '*Chromium carbides precipitating at grain boundaries between about 450 and 850 °C',
      'Hydrogen picked up from damp electrodes',
      'Martensite forming on fast cooling',
      'Nickel lost by oxidation',
    ],
  },
  {
    key: 'preheat',
    type: 'Descriptive',
    difficulty: 'Hard',
    content: '<p>Explain how preheat reduces the risk of hydrogen cracking when welding a C-Mn steel with a CE of 0.45, and how you would choose the preheat temperature.</p>',
    subjects: ['Metallurgy'],
    tags: ['Hydrogen cracking', 'Carbon equivalent', 'Heat input'],
    canUploadAnswerPaper: true,
  },
];

/** Words of the content for search: block ends become spaces, inline tags vanish. */
function plainTextOf(html: string): string {
  return html
    .replace(/<\/(p|li)>|<br\s*\/?>/g, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface DemoTest {
  title: string;
  description: string;
  instruction: string;
  testType: 'trial' | 'module';
  /** The program module the test examines; absent where the program's type has no modules (Certification). */
  moduleCode?: string;
  overallTime: number;
  minimumTime: number;
  isSectionSplit: boolean;
  /** Sections with [question key, marks]; a null title is the default section. */
  sections: { title: string | null; questions: [string, number][] }[];
}

const TESTS: DemoTest[] = [
  {
    title: 'IWI practice exam: welding technology',
    description: 'A practice run for applicants to the Welding Inspector program, on processes, symbols and safety.',
    instruction: '<p>This practice exam does not count towards your qualification. Answer every question; you may leave after 10 minutes.</p>',
    testType: 'trial',
    moduleCode: 'IWI-M1',
    overallTime: 30,
    minimumTime: 10,
    isSectionSplit: false,
    sections: [
      {
        title: null,
        questions: [
          ['mmaw', 1],
          ['gtaw-electrode', 1],
          ['gmaw-gas', 1],
          ['fillet-symbol', 1],
          ['all-round', 1],
          ['undercut', 1],
          ['illuminance', 1],
          ['zinc-fume', 1],
          ['ppe', 1],
          ['penetrant', 1],
        ],
      },
    ],
  },
  {
    title: 'IWI-M1 module exam: welding processes and equipment',
    description: 'The invigilated online exam of module IWI-M1 of the Welding Inspector program.',
    instruction:
      '<p>You have 90 minutes. Each section is shown on its own page. Descriptive answers may be typed, or written on paper and uploaded where the question allows it.</p><ul><li>No notes or phones.</li><li>Calculators are allowed.</li></ul>',
    testType: 'module',
    moduleCode: 'IWI-M1',
    overallTime: 90,
    minimumTime: 30,
    isSectionSplit: true,
    sections: [
      {
        title: 'Welding processes',
        questions: [
          ['mmaw', 2],
          ['gtaw-electrode', 2],
          ['gmaw-dip', 2],
          ['saw', 3],
          ['fcaw', 2],
        ],
      },
      {
        title: 'Welding symbols',
        questions: [
          ['iso2553-arrow-side', 2],
          ['flag', 2],
          ['all-round', 1],
        ],
      },
      {
        title: 'Imperfections and inspection',
        questions: [
          ['planar', 3],
          ['hydrogen-cracking', 2],
          ['volumetric-ndt', 3],
          ['mt-austenitic', 2],
          ['iso5817-assessment', 10],
        ],
      },
      {
        title: 'Health and safety',
        questions: [
          ['zinc-fume', 2],
          ['confined-space', 10],
        ],
      },
    ],
  },
  {
    title: 'IWI-M2 module exam: materials and their behaviour during welding',
    description: 'The invigilated online exam of module IWI-M2 of the Welding Inspector program.',
    instruction: '<p>You have 60 minutes. Show your working for calculations.</p>',
    testType: 'module',
    moduleCode: 'IWI-M2',
    overallTime: 60,
    minimumTime: 20,
    isSectionSplit: false,
    sections: [
      {
        title: 'Metallurgy',
        questions: [
          ['carbon-equivalent', 2],
          ['arc-energy', 2],
          ['sensitisation', 2],
          ['hydrogen-cracking', 2],
          ['preheat', 12],
        ],
      },
    ],
  },
];

/** An account's subjects, tags and questions, and the published tests made of them. */
export interface DemoQuestionBank {
  subjects: readonly string[];
  tags: readonly string[];
  questions: readonly DemoQuestion[];
  tests: readonly DemoTest[];
}

/**
 * The demo question bank and three published tests (a trial exam and two module exams) linked to
 * the modules of the demo Qualification program Q-WELD-INSP. Runs inside the demo seed's transaction.
 */
export async function seedDemoQuestions(tx: Executor, staff: { superUserId: string; contributorId: string }): Promise<void> {
  await seedQuestionBank(tx, { subjects: SUBJECTS, tags: TAGS, questions: QUESTIONS, tests: TESTS }, { programCode: 'Q-WELD-INSP', authorId: staff.superUserId, testAuthorId: staff.contributorId });
}

/**
 * A question bank owned by one account (subjects and tags are unique per account), and its tests
 * published for the program `programCode` of the same account, with the program's type and, where
 * a test names one, the program's module. `authorId` writes the bank, `testAuthorId` the tests.
 */
export async function seedQuestionBank(
  tx: Executor,
  bank: DemoQuestionBank,
  options: { programCode: string; authorId: string; testAuthorId: string; accountId?: string },
): Promise<void> {
  const accountId = options.accountId ?? FIRST_ACCOUNT_ID;
  const audit = { createdBy: options.authorId, modifiedBy: options.authorId };
  const subjectIds = new Map<string, string>();
  for (const title of bank.subjects) {
    const [row] = await tx.insert(subjects).values({ title, accountId, ...audit }).returning({ id: subjects.id });
    if (row) subjectIds.set(title, row.id);
  }
  const tagIds = new Map<string, string>();
  for (const title of bank.tags) {
    const [row] = await tx.insert(tags).values({ title, accountId, ...audit }).returning({ id: tags.id });
    if (row) tagIds.set(title, row.id);
  }

  const versions = new Map<string, { questionId: string; versionId: string }>();
  for (const demo of bank.questions) {
    const [question] = await tx.insert(questions).values({ currentVersion: 1, accountId, ...audit }).returning({ id: questions.id });
    if (!question) throw new Error('demo question not inserted');
    const [version] = await tx
      .insert(questionVersions)
      .values({
        questionId: question.id,
        version: 1,
        questionType: demo.type,
        difficulty: demo.difficulty,
        content: demo.content,
        plainText: plainTextOf(demo.content),
        canUploadAnswerPaper: demo.canUploadAnswerPaper ?? false,
        ...audit,
      })
      .returning({ id: questionVersions.id });
    if (!version) throw new Error('demo question version not inserted');
    const isFillIn = demo.type === 'Fill In The Blank';
    if (demo.options?.length) {
      await tx.insert(questionOptions).values(
        demo.options.map((text, i) => ({
          questionVersionId: version.id,
          option: text.replace(/^\*/, ''),
          correctAnswer: isFillIn || text.startsWith('*'),
          sortOrder: i + 1,
          ...audit,
        })),
      );
    }
    await tx.insert(questionSubjects).values(demo.subjects.map((title) => ({ questionId: question.id, subjectId: subjectIds.get(title) ?? '' })));
    await tx.insert(questionTags).values(demo.tags.map((title) => ({ questionId: question.id, tagId: tagIds.get(title) ?? '' })));
    versions.set(demo.key, { questionId: question.id, versionId: version.id });
  }

  const [program] = await tx
    .select({ id: programs.id, programType: programs.programType })
    .from(programs)
    .where(and(eq(programs.programCode, options.programCode), eq(programs.accountId, accountId)));
  if (!program) throw new Error(`the demo program ${options.programCode} is missing`);
  const now = new Date();
  for (const demo of bank.tests) {
    const [module] = demo.moduleCode
      ? await tx
          .select({ id: programModules.id })
          .from(programModules)
          .where(and(eq(programModules.programId, program.id), eq(programModules.moduleCode, demo.moduleCode)))
      : [];
    if (demo.moduleCode && !module) throw new Error(`demo module ${demo.moduleCode} of ${options.programCode} is missing`);
    const totalTestMarks = demo.sections.flatMap((section) => section.questions).reduce((sum, [, marks]) => sum + marks, 0);
    const [test] = await tx
      .insert(examDefinitions)
      .values({
        title: demo.title,
        description: demo.description,
        instruction: demo.instruction,
        testType: demo.testType,
        programType: program.programType,
        programModuleId: module?.id ?? null,
        overallTime: demo.overallTime,
        minimumTime: demo.minimumTime,
        totalTestMarks,
        isSectionSplit: demo.isSectionSplit,
        isTrialExam: demo.testType === 'trial',
        status: 'published',
        publishedOn: now,
        accountId,
        createdBy: options.testAuthorId,
        modifiedBy: options.testAuthorId,
      })
      .returning({ id: examDefinitions.id });
    if (!test) throw new Error('demo test not inserted');
    let sectionOrder = 0;
    for (const section of demo.sections) {
      let sectionId: string | null = null;
      if (section.title) {
        sectionOrder += 1;
        const [row] = await tx.insert(examSections).values({ examDefinitionId: test.id, title: section.title, sortOrder: sectionOrder, ...audit }).returning({ id: examSections.id });
        sectionId = row?.id ?? null;
      }
      await tx.insert(examSectionQuestions).values(
        section.questions.map(([key, marks], i) => {
          const version = versions.get(key);
          if (!version) throw new Error(`demo question ${key} is missing`);
          return { examDefinitionId: test.id, sectionId, questionId: version.questionId, questionVersionId: version.versionId, marks, sortOrder: i + 1, ...audit };
        }),
      );
    }
  }
}

export const DEMO_QUESTION_COUNT = QUESTIONS.length;
export const DEMO_TEST_TITLES = TESTS.map((test) => test.title);
