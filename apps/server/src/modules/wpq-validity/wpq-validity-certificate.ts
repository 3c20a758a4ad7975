import { formatCertificateDate } from '@certs/shared/certificate/certificate-template.contract';
import type { RangeResult } from '@certs/shared/wpq/wpq-range';
import { certificateVariables, renderWpqCertificatePdf, testMethodLabel } from './wpq-certificate-pdf';
import { UUID, type WpqValidityDeps } from './wpq-validity-common';
import type { WpqValidityReading } from './wpq-validity-reading';

/** The ISO 9606-1 Annex A certificate's content, and its reissue when the photograph it prints changes. */
export class WpqValidityCertificate {
  constructor(
    private readonly deps: Pick<WpqValidityDeps, 'repository' | 'attachments'>,
    private readonly reading: WpqValidityReading,
  ) {}

  /** The welder's profile photograph changed: their WPQ certificates print it, so they are issued again. */
  async photoChanged(applicantId: string, actorId: string): Promise<void> {
    await this.deps.repository.reissueCertificatesOf(applicantId, actorId);
  }

  /**
   * The ISO 9606-1 Annex A certificate of a welder qualification award (the certificate module
   * delegates program type 3 here); null when the award has no qualification record, so the
   * program's template draws it instead.
   */
  async certificatePdf(awardId: string, options: { verifyUrl: string; stamp?: string; awardingBodyName: string }): Promise<Uint8Array | null> {
    const facts = UUID.test(awardId) ? await this.deps.repository.findKeptByAward(awardId) : undefined;
    const record = facts ? await this.deps.repository.findCertificateFacts(facts.recordId) : undefined;
    if (!facts || !record) return null;
    const r = record.record;
    const range = (r.rangeOfQualification ?? null) as RangeResult | null;
    const employer = facts.employerName ?? r.employer ?? r.company ?? '';
    return renderWpqCertificatePdf({
      awardingBodyName: options.awardingBodyName,
      certificateNumber: facts.certificateNumber,
      standard: r.standard,
      verifyUrl: options.verifyUrl,
      stamp: options.stamp,
      welderName: `${facts.welderFirstName} ${facts.welderLastName}`,
      photograph: await this.deps.attachments.readProfilePhoto(facts.applicantId),
      identification: r.identificationNumber ?? '',
      methodOfIdentification: r.methodOfIdentification ?? '',
      dateOfBirth: r.dateOfBirth,
      placeOfBirth: r.placeOfBirth ?? '',
      employer,
      acceptanceCriteria: r.testingAcceptanceCriteria ?? '',
      wpsReference: [r.wpsNumber, r.wpsRevision ? `rev. ${r.wpsRevision}` : '', r.wpsDate ? formatCertificateDate(r.wpsDate) : ''].filter(Boolean).join(' ') || '-',
      examinerName: record.examinerFirstName ? `${record.examinerFirstName} ${record.examinerLastName}` : (r.examinerAsIssued ?? '-'),
      examinerReference: record.centreReference ? `${record.centreReference} (${record.centreName})` : '-',
      jobKnowledge: r.jobKnowledge ?? 'Not tested',
      placeOfTesting: r.placeOfTesting ?? record.centreName ?? '',
      testDate: r.testDate,
      issueDate: r.issueDate ?? facts.awardedOn,
      validityOption: r.validityOption,
      variables: certificateVariables(r as unknown as Record<string, unknown>, range),
      designations: range?.designations ?? [],
      tests: record.tests.map((test) => ({
        method: `${testMethodLabel(test.testName)}${test.isRetest ? ' (retest)' : ''}`,
        result: test.result === 'Pass' ? 'Accepted' : test.result === 'Fail' ? 'Not accepted' : 'Not tested',
        note: [test.calculatedValue === null ? '' : `value ${test.calculatedValue}`, test.notes].filter(Boolean).join('; '),
      })),
      numOfConfirmation: facts.numOfConfirmation ?? 4,
      validity: await this.reading.validityForCertificate(awardId),
      revalidationApprovers: Object.fromEntries((await this.deps.repository.findRevalidationApprovers(facts.recordId)).map((row) => [row.id, row.name])),
    });
  }
}
