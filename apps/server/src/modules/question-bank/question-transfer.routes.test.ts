import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import type { ImportPreview } from '@certs/shared/question-bank/question-transfer.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createQuestion, createSubject, createTag, uniqueTitle } from '../../../test/factories/question-bank.factory';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';

let t: TestApp;
let superJwt: string;
let examinerJwt: string;

beforeAll(async () => {
  t = await buildTestApp();
  superJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.SuperUser }))).jwt;
  examinerJwt = (await signIn(t.app, await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Examinations'] }))).jwt;
  await createSubject(t.database.db, 'Welding processes');
  await createTag(t.database.db, 'MMAW');
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: object, jwt = superJwt) => t.app.inject({ method: 'POST', url, headers: bearer(jwt), payload });
const preview = async (body: object) => {
  const response = await post('/api/question/import/preview', body);
  expect(response.statusCode).toBe(200);
  return response.json() as ImportPreview;
};
const countQuestions = async () => (await t.app.inject({ method: 'GET', url: '/api/question?pageSize=10', headers: bearer(superJwt) })).json().totalRows as number;

const HEADER = 'Type,Difficulty,Content,Subjects,Tags,Can Upload Answer Paper,Option 1,Option 2,Option 3,Correct';
const GOOD_CSV = [
  HEADER,
  'General Single Answer,Easy,Which process uses a stick electrode?,Welding processes,MMAW,No,MMAW,GTAW,SAW,1',
  '"Multiple Answer",Medium,"Which are planar imperfections?",Weld imperfections,"ISO 6520-1; Inspection",,Crack,Lack of fusion,Porosity,1;2',
  'Descriptive,Hard,"Explain preheat.\n\nGive two reasons.",Metallurgy,Hydrogen cracking,Yes,,,,',
  'fill in the blank,,PA is the ____ position.,Welding positions,ISO 6947,,flat,downhand,,',
].join('\n');

describe('CSV import', () => {
  it('offers a template with the header and one example of each type', async () => {
    const template = await t.app.inject({ method: 'GET', url: '/api/question/import/template', headers: bearer(superJwt) });
    expect(template.statusCode).toBe(200);
    const file = template.json();
    expect(file.fileName).toBe('question-import-template.csv');
    expect(file.content).toContain('Type,Difficulty,Content,Subjects,Tags,Can Upload Answer Paper,Option 1');
    // The template itself imports cleanly.
    const checked = await preview({ format: 'csv', content: file.content });
    expect(checked).toMatchObject({ canImport: true, validCount: 4, errorCount: 0 });
  });

  it('previews every row with what it will become, and the subjects and tags it will add', async () => {
    const checked = await preview({ format: 'csv', content: GOOD_CSV, fileName: 'bank.csv' });
    expect(checked.canImport).toBe(true);
    expect(checked.items.map((item) => [item.source, item.questionType, item.difficulty])).toEqual([
      ['Row 2', 'General Single Answer', 'Easy'],
      ['Row 3', 'Multiple Answer', 'Medium'],
      ['Row 4', 'Descriptive', 'Hard'],
      ['Row 5', 'Fill In The Blank', 'Medium'],
    ]);
    expect(checked.items[1]?.tags).toEqual(['ISO 6520-1', 'Inspection']);
    expect(checked.items[2]?.canUploadAnswerPaper).toBe(true);
    expect(checked.items[3]?.options).toEqual([
      { option: 'flat', correctAnswer: true },
      { option: 'downhand', correctAnswer: true },
    ]);
    expect(checked.newSubjects).toEqual(['Weld imperfections', 'Metallurgy', 'Welding positions']);
    expect(checked.newTags).toEqual(['ISO 6520-1', 'Inspection', 'Hydrogen cracking', 'ISO 6947']);
  });

  it('imports every row in one go, creating the new subjects and tags', async () => {
    const before = await countQuestions();
    const imported = await post('/api/question/import', { format: 'csv', content: GOOD_CSV });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().imported).toBe(4);
    expect(await countQuestions()).toBe(before + 4);
    const descriptive = await post('/api/question/search', { text: 'Give two reasons' });
    const row = descriptive.json().rows[0];
    const question = (await t.app.inject({ method: 'GET', url: `/api/question/${row.id}`, headers: bearer(superJwt) })).json();
    expect(question.content).toBe('<p>Explain preheat.</p><p>Give two reasons.</p>');
    const subjects = (await t.app.inject({ method: 'GET', url: '/api/subjectreference/all', headers: bearer(superJwt) })).json();
    expect(subjects.map((s: { title: string }) => s.title)).toEqual(expect.arrayContaining(['Metallurgy', 'Weld imperfections', 'Welding positions']));
  });

  it('reports errors per row and imports nothing when any row is wrong', async () => {
    const bad = [
      HEADER,
      'General Single Answer,Easy,Fine question?,Welding processes,MMAW,No,A,B,,1',
      'General Single Answer,Easy,Two correct?,Welding processes,MMAW,No,A,B,,1;2',
      'Essay,Easy,,,,,,,,',
      'Multiple Answer,Extreme,Which?,Welding processes,MMAW,Maybe,A,B,,4',
    ].join('\n');
    const checked = await preview({ format: 'csv', content: bad });
    expect(checked).toMatchObject({ canImport: false, validCount: 1, errorCount: 3 });
    expect(checked.items[0]?.errors).toEqual([]);
    expect(checked.items[1]?.errors).toEqual(['A General Single Answer question has exactly one correct option']);
    expect(checked.items[2]?.errors).toEqual(['Content is required', 'Subjects are required', 'Tags are required']);
    expect(checked.items[2]?.questionType).toBe('Descriptive');
    expect(checked.items[3]?.errors).toEqual([
      'Can Upload Answer Paper must be Yes or No, not "Maybe"',
      'Correct names option 4, which is blank',
      'Difficulty "Extreme" is not one of Easy, Medium, Hard',
      'A Multiple Answer question needs at least one correct option',
    ]);

    const before = await countQuestions();
    const refused = await post('/api/question/import', { format: 'csv', content: bad });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Nothing was imported: fix the questions with errors and import the file again (3 of 4 questions have errors)');
    expect(await countQuestions()).toBe(before);
  });

  it('names an unknown type, and uses the default subject and tag for blank cells', async () => {
    const csv = [HEADER, 'True/False,Easy,Is argon inert?,,,No,True,False,,1', 'Descriptive,Easy,Describe a fillet weld.,,,No,,,,'].join('\n');
    const checked = await preview({ format: 'csv', content: csv, defaultSubject: 'Imported', defaultTag: 'From CSV' });
    expect(checked.items[0]?.errors).toEqual(['Type "True/False" is not one of General Single Answer, Multiple Answer, Descriptive, Fill In The Blank']);
    expect(checked.items[1]).toMatchObject({ subjects: ['Imported'], tags: ['From CSV'], errors: [] });
  });

  it('refuses files it cannot read as a whole', async () => {
    expect((await preview({ format: 'csv', content: 'Question,Answer\nWhat?,That' })).fileErrors).toEqual([
      'The header row needs the columns Type and Content. Download the template to see the layout.',
    ]);
    expect((await preview({ format: 'csv', content: HEADER })).fileErrors).toEqual(['The file holds no questions']);
    expect((await preview({ format: 'csv', content: `${HEADER}\n"unclosed,quote` })).fileErrors[0]).toMatch(/^The file could not be read as CSV/);
    const empty = await post('/api/question/import/preview', { format: 'csv', content: '' });
    expect(empty.json().fieldErrors.content).toBe('Choose a file to import');
  });
});

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Default for IWI/Weld defects/Cracks</text></category></question>
  <question type="multichoice">
    <name><text>Crack types</text></name>
    <questiontext format="html"><text><![CDATA[<p>Which crack forms in the <b>HAZ</b> hours after welding?</p>]]></text></questiontext>
    <single>true</single>
    <answer fraction="100" format="html"><text>&lt;p&gt;Hydrogen (cold) crack&lt;/p&gt;</text></answer>
    <answer fraction="0" format="html"><text>Solidification crack</text></answer>
    <answer fraction="0" format="html"><text>Crater crack</text></answer>
    <tags><tag><text>difficulty:hard</text></tag><tag><text>HAZ</text></tag></tags>
  </question>
  <question type="multichoice">
    <name><text>Planar</text></name>
    <questiontext format="moodle_auto_format"><text>Which are planar imperfections?</text></questiontext>
    <single>false</single>
    <answer fraction="50"><text>Crack</text></answer>
    <answer fraction="50"><text>Lack of fusion</text></answer>
    <answer fraction="-100"><text>Porosity</text></answer>
  </question>
  <question type="category"><category><text>$course$/top/Safety</text></category></question>
  <question type="truefalse">
    <name><text>Fumes</text></name>
    <questiontext format="html"><text>Galvanised steel gives off zinc fume when welded.</text></questiontext>
    <answer fraction="100"><text>true</text></answer>
    <answer fraction="0"><text>false</text></answer>
    <tags><tag><text>Fume</text></tag></tags>
  </question>
  <question type="shortanswer">
    <name><text>Shade</text></name>
    <questiontext format="plain_text"><text>Minimum filter shade for MMAW at 150 A?</text></questiontext>
    <answer fraction="100"><text>11</text></answer>
    <answer fraction="50"><text>10</text></answer>
    <tags><tag><text>PPE</text></tag></tags>
  </question>
  <question type="essay">
    <name><text>Confined space</text></name>
    <questiontext format="html"><text><![CDATA[<p>Describe a confined-space welding permit.</p><img src="@@PLUGINFILE@@/permit.png">]]></text></questiontext>
    <attachments>1</attachments>
    <tags><tag><text>Permits</text></tag></tags>
  </question>
</quiz>`;

describe('Moodle XML import', () => {
  it('maps multichoice, truefalse, shortanswer and essay, with categories as subjects and tags', async () => {
    const checked = await preview({ format: 'moodle', content: MOODLE });
    expect(checked.canImport).toBe(true);
    const [crack, planar, fumes, shade, permit] = checked.items;
    expect(crack).toMatchObject({
      source: 'Question 1 (Crack types)',
      questionType: 'General Single Answer',
      difficulty: 'Hard',
      subjects: ['Weld defects'],
      tags: ['Cracks', 'HAZ'],
      options: [
        { option: 'Hydrogen (cold) crack', correctAnswer: true },
        { option: 'Solidification crack', correctAnswer: false },
        { option: 'Crater crack', correctAnswer: false },
      ],
    });
    expect(planar).toMatchObject({ questionType: 'Multiple Answer', subjects: ['Weld defects'], tags: ['Cracks'] });
    expect(planar?.options.map((o) => o.correctAnswer)).toEqual([true, true, false]);
    expect(planar?.warnings).toEqual(['Negative grades were left out (a wrong answer scores nothing here): Porosity']);
    expect(fumes).toMatchObject({ questionType: 'General Single Answer', subjects: ['Safety'], tags: ['Fume'], options: [{ option: 'True', correctAnswer: true }, { option: 'False', correctAnswer: false }] });
    expect(shade).toMatchObject({ questionType: 'Fill In The Blank', options: [{ option: '11', correctAnswer: true }], warnings: ['Answers with part marks were left out: 10'] });
    expect(permit).toMatchObject({ questionType: 'Descriptive', canUploadAnswerPaper: true, options: [] });
    expect(permit?.warnings).toEqual(['"permit.png" is not in the file and was left out']);

    const imported = await post('/api/question/import', { format: 'moodle', content: MOODLE });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().imported).toBe(5);
    const found = (await post('/api/question/search', { text: 'confined-space' })).json().rows[0];
    const question = (await t.app.inject({ method: 'GET', url: `/api/question/${found.id}`, headers: bearer(superJwt) })).json();
    expect(question.content).toBe('<p>Describe a confined-space welding permit.</p>');
  });

  it('refuses unsupported types per question and imports nothing', async () => {
    const content = MOODLE.replace('<question type="truefalse">', '<question type="matching">');
    const checked = await preview({ format: 'moodle', content });
    expect(checked.canImport).toBe(false);
    expect(checked.items[2]?.errors).toEqual(['Moodle question type "matching" is not supported (supported: multichoice, truefalse, shortanswer, essay)']);
    expect((await post('/api/question/import', { format: 'moodle', content })).statusCode).toBe(400);
  });

  it('asks for tags when a question has neither Moodle tags nor a sub-category', async () => {
    const content = `<quiz><question type="category"><category><text>$course$/top/Safety</text></category></question>
      <question type="essay"><name><text>Noise</text></name><questiontext><text>Describe hearing protection.</text></questiontext></question></quiz>`;
    expect((await preview({ format: 'moodle', content })).items[0]?.errors).toEqual(['Tags are required']);
    expect((await preview({ format: 'moodle', content, defaultTag: 'Imported from Moodle' })).items[0]?.errors).toEqual([]);
  });

  it('refuses what is not Moodle XML, malformed XML and any DOCTYPE', async () => {
    expect((await preview({ format: 'moodle', content: '<questions><question/></questions>' })).fileErrors).toEqual([
      'This is not a Moodle XML question file: its root element must be <quiz>',
    ]);
    expect((await preview({ format: 'moodle', content: '<quiz><question type="essay"></quiz>' })).fileErrors[0]).toMatch(/^The file is not well-formed XML \(line 1\)/);
    const entityBomb = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><quiz><question type="essay"><questiontext><text>&lol2;</text></questiontext></question></quiz>';
    expect((await preview({ format: 'moodle', content: entityBomb })).fileErrors).toEqual(['The file declares a DOCTYPE, which Moodle XML never does; it was not read']);
  });
});

// A 1x1 PNG, and the start of an MP3 (ID3 header): what Moodle embeds as base64 <file> elements.
const PNG_BYTES = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const MP3_BYTES = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(64, 1)]);
const embedded = (name: string, bytes: Buffer) => `<file name="${name}" path="/" encoding="base64">${bytes.toString('base64')}</file>`;

describe('Moodle files as Moodle writes them (issue 21 item 16)', () => {
  const oneQuestion = (question: string) => `<quiz><question type="category"><category><text>$course$/top/Inspection/Visual</text></category></question>${question}</quiz>`;

  it('imports an embedded image into the question, served by the question-image path', async () => {
    const content = oneQuestion(`<question type="multichoice"><name><text>Undercut photo</text></name>
      <questiontext format="html"><text><![CDATA[<p>Name the imperfection in the photo.</p><p><img src="@@PLUGINFILE@@/undercut%20photo.png" alt="weld toe"></p>]]></text>${embedded('undercut photo.png', PNG_BYTES)}</questiontext>
      <single>true</single>
      <answer fraction="100"><text>Undercut zeppelin</text></answer><answer fraction="0"><text>Overlap</text></answer></question>`);
    const checked = await preview({ format: 'moodle', content });
    expect(checked).toMatchObject({ canImport: true });
    expect(checked.items[0]?.warnings).toEqual([]);
    const imported = await post('/api/question/import', { format: 'moodle', content });
    expect(imported.statusCode).toBe(201);
    const found = (await post('/api/question/search', { text: 'Name the imperfection in the photo' })).json().rows[0];
    const question = (await t.app.inject({ method: 'GET', url: `/api/question/${found.id}`, headers: bearer(superJwt) })).json();
    const src = /<img src="([^"]+)" alt="weld toe" \/?>/.exec(question.content)?.[1];
    expect(src).toMatch(/^\/unauth\/questionimage\/attachments\/[0-9a-f-]{36}\.png$/);
    const image = await t.app.inject({ method: 'GET', url: src ?? '' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('says what it leaves out: embedded audio, a missing file, feedback and images in answers', async () => {
    const content = oneQuestion(`<question type="multichoice"><name><text>Arc sound</text></name>
      <questiontext format="html"><text><![CDATA[<p>Listen: which transfer mode?</p><audio controls><source src="@@PLUGINFILE@@/arc.mp3"></audio><p><a href="@@PLUGINFILE@@/notes.pdf">Notes</a></p>]]></text>${embedded('arc.mp3', MP3_BYTES)}</questiontext>
      <generalfeedback format="html"><text>Spray transfer hums steadily.</text></generalfeedback>
      <correctfeedback format="html"><text>Well done.</text></correctfeedback>
      <single>true</single>
      <answer fraction="100"><text>Spray</text><feedback><text>Yes: a steady hum.</text></feedback></answer>
      <answer fraction="0"><text><![CDATA[Short circuit <img src="@@PLUGINFILE@@/dip.png">]]></text></answer></question>`);
    const item = (await preview({ format: 'moodle', content })).items[0];
    expect(item?.errors).toEqual([]);
    expect(item?.warnings).toEqual([
      '"arc.mp3" was left out: only images (PNG, JPEG, GIF, WebP) can be kept in a question',
      '"notes.pdf" is not in the file and was left out',
      'General feedback was left out (questions here carry no feedback): "Spray transfer hums steadily."',
      'Combined feedback was left out: correctfeedback',
      'Feedback on answers was left out: Spray: "Yes: a steady hum."',
      'An image in the answer "Short circuit" was left out: answers are text',
    ]);
    const imported = await post('/api/question/import', { format: 'moodle', content });
    expect(imported.statusCode).toBe(201);
    const found = (await post('/api/question/search', { text: 'which transfer mode' })).json().rows[0];
    const question = (await t.app.inject({ method: 'GET', url: `/api/question/${found.id}`, headers: bearer(superJwt) })).json();
    expect(question.content).not.toContain('@@PLUGINFILE@@');
    expect(question.content).toContain('Notes');
  });

  it('keeps image sizes in pixels, and names every other thing it leaves out: hints, marks, penalties, names, category descriptions (issue 45 item 23)', async () => {
    const content = `<quiz><question type="category"><category><text>$course$/top/Inspection/Visual</text></category>
        <info format="html"><text><![CDATA[<p>Questions on <b>visual</b> inspection before and after welding.</p>]]></text></info></question>
      <question type="multichoice"><name><text>Toe angle</text></name><idnumber>VT-7</idnumber>
      <questiontext format="html"><text><![CDATA[<p>Which toe is sharper?</p><img src="@@PLUGINFILE@@/toe.png" alt="toe" width="320" height="240px"><img src="@@PLUGINFILE@@/wide.png" style="width: 50%; height: 120px"><img src="https://moodle.example/pix/toe.png">]]></text>${embedded('toe.png', PNG_BYTES)}${embedded('wide.png', PNG_BYTES)}</questiontext>
      <defaultgrade>2.5</defaultgrade><penalty>0.5</penalty><single>true</single>
      <answer fraction="100"><text>A</text></answer><answer fraction="0"><text>B</text></answer>
      <hint format="html"><text>Look at the weld face.</text></hint><hint format="html"><text><![CDATA[<p>Compare the <i>reinforcement</i>.</p>]]></text></hint></question>
      <question type="essay"><name><text>Defaults</text></name><questiontext><text>Describe visual inspection lighting.</text></questiontext>
      <defaultgrade>1.0000000</defaultgrade><penalty>0.3333333</penalty></question></quiz>`;
    const checked = await preview({ format: 'moodle', content });
    expect(checked.canImport).toBe(true);
    expect(checked.fileWarnings).toEqual([
      'The names of 2 questions were left out: a question here is known by the number the import gives it',
      'The ID number of 1 question was left out, for the same reason',
      'The description of the category "Inspection / Visual" was left out (subjects and tags have a title only): "Questions on visual inspection before and after welding."',
    ]);
    expect(checked.items[0]?.warnings).toEqual([
      'The width of "wide.png" (50%) was left out: image sizes are kept in pixels',
      'An image from outside the file (https://moodle.example/pix/toe.png) was left out: only images the file carries are kept',
      'Hints were left out (a question here is answered once, without hints): "Look at the weld face."; "Compare the reinforcement."',
      'The default mark of 2.5 was left out: a test sets the marks of each question it takes',
      'The penalty for each incorrect try (50 %) was left out: a question here is answered once',
    ]);
    // Moodle's defaults (a mark of 1, a penalty of a third) are what every question has: nothing to say.
    expect(checked.items[1]?.warnings).toEqual([]);

    expect((await post('/api/question/import', { format: 'moodle', content })).statusCode).toBe(201);
    const found = (await post('/api/question/search', { text: 'Which toe is sharper' })).json().rows[0];
    const question = (await t.app.inject({ method: 'GET', url: `/api/question/${found.id}`, headers: bearer(superJwt) })).json();
    const images = [...(question.content as string).matchAll(/<img [^>]*>/g)].map((match) => match[0].replace(/[0-9a-f-]{36}/, 'KEY'));
    expect(images).toEqual(['<img src="/unauth/questionimage/attachments/KEY.png" alt="toe" width="320" height="240" />', '<img src="/unauth/questionimage/attachments/KEY.png" height="120" />']);
    // An export carries the sizes back to Moodle.
    const xml = (await post('/api/question/export', { format: 'moodle', questionIds: [found.id] })).json().content as string;
    expect(xml).toMatch(/<img src="@@PLUGINFILE@@\/[0-9a-f-]{36}\.png" alt="toe" width="320" height="240" \/>/);
  });

  it('refuses grades Moodle itself refuses, and keeps 1/3 grades that add up', async () => {
    const wrong = oneQuestion(`<question type="multichoice"><name><text>Grades</text></name>
      <questiontext><text>Which are volumetric imperfections?</text></questiontext><single>false</single>
      <answer fraction="33"><text>Porosity</text></answer><answer fraction="33"><text>Slag inclusion</text></answer>
      <answer fraction="33"><text>Tungsten inclusion</text></answer><answer fraction="-50"><text>Crack</text></answer></question>`);
    const checked = await preview({ format: 'moodle', content: wrong });
    expect(checked.canImport).toBe(false);
    expect(checked.items[0]?.errors).toEqual([
      'The answer "Porosity" has a grade of 33 %, which Moodle does not allow',
      'The answer "Slag inclusion" has a grade of 33 %, which Moodle does not allow',
      'The answer "Tungsten inclusion" has a grade of 33 %, which Moodle does not allow',
      'The positive grades do not add up to 100 %: they add up to 99 %',
    ]);
    expect(checked.items[0]?.warnings).toEqual(['Negative grades were left out (a wrong answer scores nothing here): Crack']);
    expect((await post('/api/question/import', { format: 'moodle', content: wrong })).statusCode).toBe(400);

    const right = wrong.replace(/fraction="33"/g, 'fraction="33.33333"');
    expect((await preview({ format: 'moodle', content: right })).items[0]?.errors).toEqual([]);
    const noFullMark = oneQuestion(`<question type="multichoice"><name><text>Single</text></name>
      <questiontext><text>Pick one.</text></questiontext><single>true</single>
      <answer fraction="50"><text>A</text></answer><answer fraction="0"><text>B</text></answer></question>`);
    expect((await preview({ format: 'moodle', content: noFullMark })).items[0]?.errors).toEqual([
      'One of the answers should have a grade of 100 %, so that a full mark is possible',
      'A General Single Answer question has exactly one correct option',
    ]);
  });

  it('exports a question under all its subjects and with its images, and both come back on import', async () => {
    const first = await createSubject(t.database.db, uniqueTitle('Round trip A'));
    const second = await createSubject(t.database.db, uniqueTitle('Round trip B'));
    const tag = await createTag(t.database.db, uniqueTitle('Round trip tag'));
    // An image stored the way an import stores it: through a Moodle import of its own.
    const source = oneQuestion(`<question type="essay"><name><text>Image holder</text></name>
      <questiontext format="html"><text><![CDATA[<p>Quarantined yttrium bead.</p><img src="@@PLUGINFILE@@/bead.png">]]></text>${embedded('bead.png', PNG_BYTES)}</questiontext></question>`);
    expect((await post('/api/question/import', { format: 'moodle', content: source })).statusCode).toBe(201);
    const holder = (await post('/api/question/search', { text: 'Quarantined yttrium' })).json().rows[0];
    const stored = (await t.app.inject({ method: 'GET', url: `/api/question/${holder.id}`, headers: bearer(superJwt) })).json();
    const created = await createQuestion(t.database.db, { content: stored.content, subjectIds: [first.id, second.id], tagIds: [tag.id] });

    const xml = (await post('/api/question/export', { format: 'moodle', questionIds: [created.id] })).json().content as string;
    expect(xml).toContain(`<text>subject:${second.title}</text>`);
    expect(xml).toMatch(/<file name="[0-9a-f-]{36}\.png" path="\/" encoding="base64">/);
    const reread = await preview({ format: 'moodle', content: xml });
    expect(reread.items[0]).toMatchObject({ subjects: [first.title, second.title], tags: [tag.title], errors: [], warnings: [] });
  });
});

describe('export', () => {
  it('exports the bank as CSV that imports again, and a selection as Moodle XML that imports again', async () => {
    const all = await post('/api/question/export', { format: 'csv' });
    expect(all.statusCode).toBe(200);
    const csv = all.json();
    expect(csv.fileName).toMatch(/^question-bank-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.content).toContain('Question Number,Version,Type,Difficulty,Content');
    expect(csv.count).toBe(await countQuestions());
    const again = await preview({ format: 'csv', content: csv.content });
    expect(again).toMatchObject({ canImport: true, validCount: csv.count, newSubjects: [], newTags: [] });

    const some = (await post('/api/question/search', { text: 'planar' })).json().rows.map((row: { id: string }) => row.id);
    const xml = (await post('/api/question/export', { format: 'moodle', questionIds: some })).json();
    expect(xml.fileName).toMatch(/\.xml$/);
    expect(xml.count).toBe(some.length);
    const reread = await preview({ format: 'moodle', content: xml.content });
    expect(reread.canImport).toBe(true);
    expect(reread.items.map((item) => item.questionType)).toEqual(expect.arrayContaining(['Multiple Answer']));
  });

  it('lets staff who build tests export but not import', async () => {
    expect((await post('/api/question/export', { format: 'csv' }, examinerJwt)).statusCode).toBe(200);
    expect((await post('/api/question/import/preview', { format: 'csv', content: GOOD_CSV }, examinerJwt)).statusCode).toBe(403);
  });
});

describe('CSV export in a spreadsheet (security review, issue 15 item 10)', () => {
  it('quotes cells that would start a formula, and imports them back exactly, negative numbers included', async () => {
    const subject = await createSubject(t.database.db, uniqueTitle('@Formulae'));
    const tag = await createTag(t.database.db, uniqueTitle('+Spreadsheets'));
    const options = [
      { option: '=1+1', correctAnswer: true },
      { option: '-5', correctAnswer: false },
      { option: "'-5", correctAnswer: false },
      { option: '+61 2 9999 0000', correctAnswer: false },
      { option: '@home', correctAnswer: false },
      { option: '-2+3', correctAnswer: false },
    ];
    const content = '@SUM(1+1) zirconium formula check';
    const created = await createQuestion(t.database.db, { content, options, subjectIds: [subject.id], tagIds: [tag.id] });

    const exported = (await post('/api/question/export', { format: 'csv', questionIds: [created.id] })).json();
    const [header, row] = parse(exported.content, { bom: true }) as string[][];
    const cellOf = (column: string) => row?.[header?.indexOf(column) ?? -1];
    expect(cellOf('Content')).toBe(`'${content}`);
    expect(cellOf('Subjects')).toBe(`'${subject.title}`);
    expect(cellOf('Tags')).toBe(`'${tag.title}`);
    expect([1, 2, 3, 4, 5, 6].map((n) => cellOf(`Option ${n}`))).toEqual(["'=1+1", '-5', "''-5", "'+61 2 9999 0000", "'@home", "'-2+3"]);

    const checked = await preview({ format: 'csv', content: exported.content });
    expect(checked).toMatchObject({ canImport: true, validCount: 1, newSubjects: [], newTags: [] });
    expect(checked.items[0]).toMatchObject({ contentText: content, subjects: [subject.title], tags: [tag.title], options });

    const imported = await post('/api/question/import', { format: 'csv', content: exported.content });
    expect(imported.statusCode).toBe(201);
    const [questionNumber] = imported.json().questionNumbers as number[];
    const found = (await post('/api/question/search', { text: 'zirconium' })).json().rows as { id: string; questionNumber: number }[];
    const copy = found.find((r) => r.questionNumber === questionNumber);
    const question = (await t.app.inject({ method: 'GET', url: `/api/question/${copy?.id}`, headers: bearer(superJwt) })).json();
    expect(question.content).toBe(`<p>${content}</p>`);
    expect(question.options.map((o: { option: string; correctAnswer: boolean }) => ({ option: o.option, correctAnswer: o.correctAnswer }))).toEqual(options);
  });
});
