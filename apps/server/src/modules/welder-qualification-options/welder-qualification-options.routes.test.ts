import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@certs/shared/auth/roles';
import { WPQ_MESSAGES } from '@certs/shared/wpq/wpq.contract';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../../test/factories/user.factory';
import { bearer, signIn } from '../../../test/sign-in';
import { OPTIONS_CACHE_CONTROL } from './welder-qualification-options.routes';

let t: TestApp;
let staffJwt: string;
let applicantJwt: string;

const BASE = '/api/welderqualificationoptions';

/** The example: a 135 plate butt weld of 10 mm in PF with FM1 solid wire. */
const plateButt = {
  weldingProcess: '135',
  transferMode: 'short-circuit',
  productType: 'Plate',
  jointType: 'BW',
  testPieceThickness: 10,
  weldingPosition: 'PF',
  fillerMaterialGroup: 'FM1',
  fillerMaterialType: 'S',
  backingAndConsumableInsert: 'ss nb',
};

beforeAll(async () => {
  t = await buildTestApp();
  // Staff without the Utilities menu still read reference data: the WPQ forms need it too.
  const staff = await createUser(t.database.db, { role: ROLES.AccountContributor, menuItems: ['Programs'] });
  const applicant = await createUser(t.database.db, { role: ROLES.Applicant });
  staffJwt = (await signIn(t.app, staff)).jwt;
  applicantJwt = (await signIn(t.app, applicant)).jwt;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, jwt = staffJwt, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...bearer(jwt), ...headers } });
const range = (payload: object, jwt = staffJwt) => t.app.inject({ method: 'POST', url: `${BASE}/range`, headers: bearer(jwt), payload });
const valuesOf = (list: { value: string }[]) => list.map((o) => o.value);

const OPTION_URLS = [
  `${BASE}/reference`,
  `${BASE}/weldprocesses`,
  `${BASE}/materialsubgroups/1`,
  `${BASE}/dependentoptions/product/Pipe/joint/BW`,
  `${BASE}/dependentoptions/process/135`,
  `${BASE}/fillermaterialtypes/111`,
  `${BASE}/producttypes/FW`,
  `${BASE}/weldingpositions/Plate/BW`,
];

describe('who may read the options and the range', () => {
  it.each([...OPTION_URLS])('answers 401 without a token: GET %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 to the range without a token, and to a bad token', async () => {
    expect((await t.app.inject({ method: 'POST', url: `${BASE}/range`, payload: plateButt })).statusCode).toBe(401);
    expect((await range(plateButt, 'not-a-token')).statusCode).toBe(401);
  });

  it('answers signed-in admins and applicants alike', async () => {
    for (const url of OPTION_URLS) {
      expect((await get(url, staffJwt)).statusCode, url).toBe(200);
      expect((await get(url, applicantJwt)).statusCode, url).toBe(200);
    }
    expect((await range(plateButt, applicantJwt)).statusCode).toBe(200);
  });
});

describe('option lists', () => {
  it('lists every reference list of spec section 9', async () => {
    const body = (await get(`${BASE}/reference`)).json();
    expect(valuesOf(body.standards)).toEqual(['ISO 9606-1:2017', 'AS/NZS 2980:2018']);
    expect(body.materialGroups).toHaveLength(11);
    expect(body.materialGroups.flatMap((g: { subgroups: unknown[] }) => g.subgroups)).toHaveLength(34);
    expect(valuesOf(body.productTypes)).toEqual(['Plate', 'Pipe']);
    expect(valuesOf(body.jointTypes)).toEqual(['BW', 'FW', 'Special']);
    expect(valuesOf(body.branchTypes)).toEqual(['Set-on', 'Set-through', 'Set-in', 'Not-applicable']);
    expect(valuesOf(body.layerTechniques)).toEqual(['sl', 'ml']);
    expect(valuesOf(body.currentTypes)).toEqual(['DC+', 'DC-', 'AC']);
    expect(valuesOf(body.fillerMaterialGroups)).toEqual(['FM1', 'FM2', 'FM3', 'FM4', 'FM5', 'FM6']);
    expect(valuesOf(body.weldingPositions)).toContain('H-L045');
    expect(valuesOf(body.testMethods)).toContain('visual');
  });

  it('lists weld processes by ISO 4063 number', async () => {
    const body = (await get(`${BASE}/weldprocesses`)).json();
    expect(body.weldProcesses).toContainEqual({ value: '135', label: '135: MAG welding with solid wire electrode' });
    expect(body.weldProcesses).toHaveLength(14);
  });

  it('lists the subgroups of a material group, and refuses an unknown group', async () => {
    const body = (await get(`${BASE}/materialsubgroups/10`)).json();
    expect(body.materialGroup).toBe(10);
    expect(valuesOf(body.materialSubgroups)).toEqual(['10.1', '10.2', '10.3']);
    for (const bad of ['0', '12', 'steel']) {
      const response = await get(`${BASE}/materialsubgroups/${bad}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ message: WPQ_MESSAGES.unknownMaterialGroup, fieldErrors: { materialGroup: WPQ_MESSAGES.unknownMaterialGroup } });
    }
  });

  it('gives what a product type and joint type allow', async () => {
    const pipeButt = (await get(`${BASE}/dependentoptions/product/Pipe/joint/BW`)).json();
    expect(valuesOf(pipeButt.weldingPositions)).toEqual(['PA', 'PC', 'PH', 'PJ', 'H-L045', 'J-L045']);
    expect(valuesOf(pipeButt.branchTypes)).toEqual(['Set-on', 'Set-through', 'Set-in', 'Not-applicable']);
    expect(valuesOf(pipeButt.additionalJointTypes)).toEqual(['Not-applicable', 'FW']);
    expect(pipeButt).toMatchObject({ isPipeODRequired: true, isDepositThicknessUsed: true, isBackingRequired: true, canCombinePositions: true });
    const plateFillet = (await get(`${BASE}/dependentoptions/product/Plate/joint/FW`)).json();
    expect(valuesOf(plateFillet.weldingPositions)).toEqual(['PA', 'PB', 'PC', 'PD', 'PE', 'PF', 'PG']);
    expect(plateFillet.backingTypes).toEqual([]);
    expect(valuesOf(plateFillet.branchTypes)).toEqual(['Not-applicable']);
    expect(plateFillet).toMatchObject({ isPipeODRequired: false, isDepositThicknessUsed: false, isLayerTechniqueRequired: true });
    const refused = await get(`${BASE}/dependentoptions/product/Tube/joint/BW`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors).toEqual({ productType: WPQ_MESSAGES.unknownProductType });
  });

  it('gives what a welding process allows', async () => {
    const mag = (await get(`${BASE}/dependentoptions/process/135`)).json();
    expect(valuesOf(mag.transferModes)).toEqual(['short-circuit', 'globular', 'spray', 'pulsed']);
    expect(valuesOf(mag.fillerMaterialTypes)).toEqual(['S']);
    expect(mag).toMatchObject({ isTransferModeRequired: true, isDirectionRequired: false, canWeldWithoutFiller: false });
    const gas = (await get(`${BASE}/dependentoptions/process/311`)).json();
    expect(valuesOf(gas.directionsOfWelding)).toEqual(['lw', 'rw']);
    expect(valuesOf(gas.fillerMaterialTypes)).toEqual(['S', 'nm']);
    const autogenous = (await get(`${BASE}/dependentoptions/process/142`)).json();
    expect(autogenous.fillerMaterialGroups).toEqual([]);
    expect((await get(`${BASE}/dependentoptions/process/999`)).json().fieldErrors).toEqual({ weldingProcess: WPQ_MESSAGES.unknownProcess });
  });

  it('gives the filler types of a process with the group fixed to FM1', async () => {
    const body = (await get(`${BASE}/fillermaterialtypes/111`)).json();
    expect(body.fillerMaterialGroup).toBe('FM1');
    expect(valuesOf(body.fillerMaterialTypes)).toEqual(['A', 'RA', 'RB', 'RC', 'RR', 'R', 'B', 'C']);
    expect((await get(`${BASE}/fillermaterialtypes/136`)).json().fillerMaterialTypes[0]).toEqual({ value: 'B', label: 'B: flux cored, basic' });
    expect((await get(`${BASE}/fillermaterialtypes/13`)).statusCode).toBe(400);
  });

  it('gives the product types and position of the additional joint type test', async () => {
    expect((await get(`${BASE}/producttypes/FW`)).json()).toEqual({
      additionalJointTypeTest: 'FW',
      productTypes: [
        { value: 'Plate', label: 'Plate' },
        { value: 'Pipe', label: 'Pipe' },
      ],
      weldingPositions: [{ value: 'PB', label: 'PB: horizontal vertical' }],
    });
    expect((await get(`${BASE}/producttypes/Not-applicable`)).json().productTypes).toEqual([]);
    expect((await get(`${BASE}/producttypes/BW`)).json().fieldErrors).toEqual({ additionalJointTypeTest: WPQ_MESSAGES.unknownAdditionalJointType });
  });

  it('gives the test positions of a product and joint type', async () => {
    expect(valuesOf((await get(`${BASE}/weldingpositions/Plate/BW`)).json().weldingPositions)).toEqual(['PA', 'PC', 'PE', 'PF', 'PG']);
    expect(valuesOf((await get(`${BASE}/weldingpositions/Pipe/FW`)).json().weldingPositions)).toEqual(['PA', 'PB', 'PD', 'PH', 'PJ']);
    expect((await get(`${BASE}/weldingpositions/Plate/XX`)).statusCode).toBe(400);
  });

  it('marks option answers cacheable and revalidates them by entity tag', async () => {
    for (const url of OPTION_URLS) {
      const first = await get(url);
      expect(first.headers['cache-control'], url).toBe(OPTIONS_CACHE_CONTROL);
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^".+"$/);
      const again = await get(url, staffJwt, { 'if-none-match': etag });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, staffJwt, { 'if-none-match': '"stale"' })).statusCode).toBe(200);
    }
  });

  it('is described in the OpenAPI document at /docs', async () => {
    const paths = Object.keys((await t.app.inject({ method: 'GET', url: '/docs/json' })).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/welderqualificationoptions/weldprocesses',
        '/api/welderqualificationoptions/materialsubgroups/{materialGroup}',
        '/api/welderqualificationoptions/dependentoptions/product/{productType}/joint/{jointType}',
        '/api/welderqualificationoptions/dependentoptions/process/{weldingProcess}',
        '/api/welderqualificationoptions/fillermaterialtypes/{weldingProcess}',
        '/api/welderqualificationoptions/producttypes/{additionalJointTypeTest}',
        '/api/welderqualificationoptions/weldingpositions/{productType}/{jointType}',
        '/api/welderqualificationoptions/range',
      ]),
    );
  });
});

describe('the range of qualification', () => {
  it('answers the issue example: 3 mm to 20 mm in PA and PF, with the reasons', async () => {
    const response = await range(plateButt);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      standard: 'ISO 9606-1:2017',
      processes: ['135', '138'],
      transferModes: ['short-circuit', 'globular', 'spray', 'pulsed'],
      productTypes: ['Plate', 'Pipe'],
      diameter: { min: 75, max: null, plate: true, fixedPipeMin: 500, rotatingPipeMin: 75 },
      weldTypes: ['BW'],
      thickness: { min: 3, max: 20 },
      fillerGroups: ['FM1', 'FM2'],
      fillerTypes: ['S', 'M'],
      parentGroups: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      positions: ['PA', 'PF'],
      weldDetails: ['ss nb', 'ss mb', 'bs', 'ss gb', 'ss fb'],
      layerTechniques: [],
      validity: null,
    });
    expect(body.requiredTests[0]).toMatchObject({ rule: 'always', methods: ['visual'] });
    expect(body.reasons).toContainEqual({
      testPiece: 1,
      part: 'thickness',
      text: 'Process 135 with s 10 mm (3 mm to below 12 mm) qualifies 3 mm to 2s: 3 mm to 20 mm.',
      clause: 'ISO 9606-1 5.7',
      table: 'Range of qualification for deposited thickness of butt welds',
    });
  });

  it('adds the validity dates for a test date', async () => {
    const body = (await range({ ...plateButt, testDate: '2007-01-20' })).json();
    expect(body.validity).toEqual({
      testDate: '2007-01-20',
      firstConfirmation: '2007-07-20',
      retestBy: '2010-01-20',
      revalidationBy: '2009-01-20',
      confirmationBy: '2007-07-20',
    });
  });

  it('combines further test pieces and ranges AS/NZS 2980 with the same engine', async () => {
    const combined = (await range({ ...plateButt, testPieceThickness: 2, furtherTestPieces: [{ ...plateButt, weldingPosition: 'PC' }] })).json();
    expect(combined.thickness).toEqual({ min: 2, max: 20 });
    expect(combined.positions).toEqual(['PA', 'PC', 'PF']);
    const australian = (await range({ ...plateButt, standard: 'AS/NZS 2980:2018' })).json();
    expect(australian.designations).toEqual(['AS/NZS 2980 135 P BW FM1 S s10 PF ss nb']);
    expect(australian.thickness).toEqual({ min: 3, max: 20 });
  });

  it.each([
    ['a butt weld in PB', { weldingPosition: 'PB' }, 'weldingPosition', 'PB is not a butt weld position'],
    ['a butt weld in PD', { weldingPosition: 'PD' }, 'weldingPosition', 'PD is not a butt weld position'],
    ['a pipe without a diameter', { productType: 'Pipe', weldingPosition: 'PH' }, 'pipeOD', WPQ_MESSAGES.pipeODRequired],
    ['a thickness of zero', { testPieceThickness: 0 }, 'testPieceThickness', WPQ_MESSAGES.thicknessPositive],
    ['a thickness that is not a number', { testPieceThickness: 'ten' }, 'testPieceThickness', WPQ_MESSAGES.thicknessNumber],
    ['a filler type that does not exist for the process', { fillerMaterialType: 'RB' }, 'fillerMaterialType', 'Filler material type RB does not exist for process 135'],
    ['an unknown process', { weldingProcess: '999' }, 'weldingProcess', WPQ_MESSAGES.weldingProcessRequired],
    ['135 without a transfer mode', { transferMode: null }, 'transferMode', 'Transfer mode is required for process 135'],
    ['a further piece in PB', { furtherTestPieces: [{ ...plateButt, weldingPosition: 'PB' }] }, 'furtherTestPieces.0.weldingPosition', 'PB is not a butt weld position'],
  ])('refuses %s with 400 and the message at the field', async (_name, change, field, message) => {
    const response = await range({ ...plateButt, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[field]).toBe(message);
    expect(response.json().fieldErrors).toHaveProperty(field);
  });

  it('refuses unknown fields and an empty body', async () => {
    const unknown = await range({ ...plateButt, gasFlow: 12 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown field');
    const empty = await range({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors).toMatchObject({ weldingProcess: WPQ_MESSAGES.weldingProcessRequired, testPieceThickness: WPQ_MESSAGES.thicknessNumber });
  });
});
