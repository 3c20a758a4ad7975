import { describe, expect, it } from 'vitest';
import { accessLogActionOf, accessLogRecordOf } from './access-log-actions';

describe('access log actions', () => {
  it('names each logged read in words', () => {
    expect(accessLogActionOf('GET /api/applicant/:id')).toBe('Opened the profile');
    expect(accessLogActionOf('GET /api/applicant/profiledetails/:id')).toBe('Opened the profile');
    expect(accessLogActionOf('POST /api/applicant/:id/membership')).toBe('Reviewed the membership (profile shown)');
    expect(accessLogActionOf('GET /api/applicantqualification/byapplicant/:id')).toBe('Read the education list');
    expect(accessLogActionOf('GET /api/applicantexperience/byapplicant/:id')).toBe('Read the work experience list');
    expect(accessLogActionOf('GET /api/applicantprofessionalactivities/byapplicant/:id')).toBe('Read the professional activities list');
    expect(accessLogActionOf('GET /api/applicantprofessionaldevelopment/byapplicant/:id')).toBe('Read the professional development list');
    expect(accessLogActionOf('GET /api/attachment/presigned-download/*')).toBe('Opened a file');
    expect(accessLogActionOf('GET /api/aicipapplication/:id/details')).toBe('Opened an application');
  });

  it('shows a route it does not know as it is, and what was read when the route does not say', () => {
    expect(accessLogActionOf('GET /api/something/new/:id')).toBe('GET /api/something/new/:id');
    expect(accessLogRecordOf('GET /api/attachment/presigned-download/*', 'attachments/a.pdf')).toBe('File attachments/a.pdf');
    expect(accessLogRecordOf('GET /api/qualificationapplication/:id/details', 'abc')).toBe('Application abc');
    expect(accessLogRecordOf('GET /api/applicant/:id', null)).toBeNull();
  });
});
