import { describe, expect, it } from 'vitest';
import { LIBRARY_DOCUMENT_MESSAGES, LibraryDocumentRequest, isMembershipCurrentOn, mayReadLibraryDocument, type LibraryReader } from './library-document.contract';

const none = { isForExternalUsers: false, isForInternalUsers: false, isForIndividualMembers: false, isForCurrentIndividualMembers: false, isForCorporateMembers: false, isForCurrentCorporateMembers: false };
const nonMember: LibraryReader = { kind: 'applicant', individual: { isMember: false, isCurrent: false }, corporate: { isMember: false, isCurrent: false } };
const lapsedMember: LibraryReader = { ...nonMember, individual: { isMember: true, isCurrent: false } };
const currentMember: LibraryReader = { ...nonMember, individual: { isMember: true, isCurrent: true } };
const staff: LibraryReader = { ...nonMember, kind: 'staff' };

describe('library document access', () => {
  it('gives each flag to its readers only', () => {
    expect(mayReadLibraryDocument({ ...none, isForExternalUsers: true }, nonMember)).toBe(true);
    expect(mayReadLibraryDocument({ ...none, isForExternalUsers: true }, staff)).toBe(false);
    expect(mayReadLibraryDocument({ ...none, isForInternalUsers: true }, staff)).toBe(true);
    expect(mayReadLibraryDocument({ ...none, isForInternalUsers: true }, currentMember)).toBe(false);
    expect(mayReadLibraryDocument({ ...none, isForIndividualMembers: true }, lapsedMember)).toBe(true);
    expect(mayReadLibraryDocument({ ...none, isForIndividualMembers: true }, nonMember)).toBe(false);
    expect(mayReadLibraryDocument({ ...none, isForCurrentIndividualMembers: true }, currentMember)).toBe(true);
    expect(mayReadLibraryDocument({ ...none, isForCurrentIndividualMembers: true }, lapsedMember)).toBe(false);
    expect(mayReadLibraryDocument({ ...none, isForCorporateMembers: true }, currentMember)).toBe(false);
    expect(mayReadLibraryDocument({ ...none, isForCurrentCorporateMembers: true }, { ...nonMember, corporate: { isMember: true, isCurrent: true } })).toBe(true);
  });

  it('reads membership dates as inclusive Sydney days', () => {
    expect(isMembershipCurrentOn('2026-06-30', null, '2026-06-30')).toBe(true);
    expect(isMembershipCurrentOn('2026-07-01', null, '2026-06-30')).toBe(false);
    expect(isMembershipCurrentOn('2026-01-01', '2026-01-02', null)).toBe(false);
  });

  it('needs the form fields and one access flag, with the messages shown at the fields', () => {
    const result = LibraryDocumentRequest.safeParse({ documentNumber: '', documentTitle: 'x', documentDate: '2026-01-01', revision: 'A', documentType: 'Other', attachmentId: '5f0c7c3e-0000-4000-8000-000000000000' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(LIBRARY_DOCUMENT_MESSAGES.numberRequired);
    const noFlag = LibraryDocumentRequest.safeParse({ documentNumber: 'D-1', documentTitle: 'x', documentDate: '2026-01-01', revision: 'A', documentType: 'Other', attachmentId: '5f0c7c3e-0000-4000-8000-000000000000' });
    expect(noFlag.error?.issues.map((issue) => issue.message)).toEqual([LIBRARY_DOCUMENT_MESSAGES.accessRequired]);
  });
});
