import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_JOINT_TYPES,
  BACKING_TYPE_CODES,
  BRANCH_TYPE_CODES,
  CURRENT_TYPE_CODES,
  FILLER_GROUPS,
  FILLER_TYPES_BY_PROCESS,
  JOINT_TYPE_CODES,
  LAYER_TECHNIQUE_CODES,
  MATERIAL_GROUPS,
  MATERIAL_SUBGROUP_CODES,
  PRODUCT_TYPE_CODES,
  WELDING_POSITION_CODES,
  WELD_PROCESS_CODES,
  WPQ_STANDARDS,
  fillerTypeLabel,
  groupOfSubgroup,
  subgroupsOf,
} from './wpq-reference';

describe('welding reference lists (spec section 9)', () => {
  it('has both standards and the ISO 4063 processes of the rules', () => {
    expect(WPQ_STANDARDS).toEqual(['ISO 9606-1:2017', 'AS/NZS 2980:2018']);
    expect(WELD_PROCESS_CODES).toEqual(['111', '114', '121', '125', '131', '135', '136', '138', '141', '142', '143', '145', '15', '311']);
  });

  it('has material groups 1 to 11 with 34 subgroups, each in its own group', () => {
    expect(MATERIAL_GROUPS.map((g) => g.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(MATERIAL_SUBGROUP_CODES).toHaveLength(34);
    expect(new Set(MATERIAL_SUBGROUP_CODES).size).toBe(34);
    for (const group of MATERIAL_GROUPS) {
      for (const subgroup of group.subgroups) expect(groupOfSubgroup(subgroup.value)).toBe(group.value);
      expect(group.description.length).toBeGreaterThan(10);
    }
    expect(subgroupsOf(1).map((s) => s.value)).toEqual(['1.1', '1.2', '1.3', '1.4']);
    expect(subgroupsOf(10).find((s) => s.value === '10.3')?.description).toContain('Lean duplex');
    expect(subgroupsOf(8).find((s) => s.value === '8.3')?.description).toContain('Manganese');
  });

  it('has the spec lists of product, joint, branch, layer and current types and filler groups', () => {
    expect(PRODUCT_TYPE_CODES).toEqual(['Plate', 'Pipe']);
    expect(JOINT_TYPE_CODES).toEqual(['BW', 'FW', 'Special']);
    expect(BRANCH_TYPE_CODES).toEqual(['Set-on', 'Set-through', 'Set-in', 'Not-applicable']);
    expect(LAYER_TECHNIQUE_CODES).toEqual(['sl', 'ml']);
    expect(CURRENT_TYPE_CODES).toEqual(['DC+', 'DC-', 'AC']);
    expect(FILLER_GROUPS.map((g) => g.value)).toEqual(['FM1', 'FM2', 'FM3', 'FM4', 'FM5', 'FM6']);
    expect(FILLER_GROUPS.every((g) => g.description.length > 0)).toBe(true);
    expect(BACKING_TYPE_CODES).toEqual(['ss nb', 'ss mb', 'bs', 'ss gb', 'ss fb', 'ci']);
    expect(ADDITIONAL_JOINT_TYPES.map((a) => a.value)).toEqual(['Not-applicable', 'FW']);
    expect(WELDING_POSITION_CODES).toEqual(['PA', 'PB', 'PC', 'PD', 'PE', 'PF', 'PG', 'PH', 'PJ', 'H-L045', 'J-L045']);
  });

  it('gives every process its filler types, with letters read by process', () => {
    for (const process of WELD_PROCESS_CODES) expect(FILLER_TYPES_BY_PROCESS[process].length, process).toBeGreaterThan(0);
    expect(FILLER_TYPES_BY_PROCESS['142']).toEqual(['nm']);
    expect(FILLER_TYPES_BY_PROCESS['311']).toEqual(['S', 'nm']);
    expect(fillerTypeLabel('111', 'B')).toBe('B: basic covering');
    expect(fillerTypeLabel('136', 'B')).toBe('B: flux cored, basic');
  });
});
