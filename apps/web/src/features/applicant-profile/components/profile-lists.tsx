import type { Education, Experience, ProfessionalActivity, ProfessionalDevelopment } from '@certs/shared/applicant/applicant.contract';
import { DateDisplay } from '../../../components/ui/date-display';
import { EDUCATION_KIND, EXPERIENCE_KIND, PROFESSIONAL_ACTIVITY_KIND, PROFESSIONAL_DEVELOPMENT_KIND } from '../api/profile-entry-kinds';
import { EducationForm } from '../forms/education-form';
import { educationValuesOf, emptyEducationValues } from '../forms/education-form.values';
import { ExperienceForm } from '../forms/experience-form';
import { emptyExperienceValues, experienceValuesOf } from '../forms/experience-form.values';
import { ProfessionalActivityForm } from '../forms/professional-activity-form';
import { emptyProfessionalActivityValues, professionalActivityValuesOf } from '../forms/professional-activity-form.values';
import { ProfessionalDevelopmentForm } from '../forms/professional-development-form';
import { emptyProfessionalDevelopmentValues, professionalDevelopmentValuesOf } from '../forms/professional-development-form.values';
import { ProfileEntriesPanel } from './profile-entries-panel';

const dateOf = (value: string | null) => <DateDisplay value={value} />;

/** Education (spec section 3): course, institution, location, qualification type, start and end. */
export function EducationPanel({ applicantId }: { applicantId: string }) {
  return (
    <ProfileEntriesPanel<Education>
      kind={EDUCATION_KIND}
      applicantId={applicantId}
      title="Education"
      description="Courses and qualifications you have completed or are studying."
      emptyText="No education entered yet."
      nameOf={(row) => row.course}
      columns={[
        { key: 'course', header: 'Course', render: (row) => row.course },
        { key: 'institution', header: 'Institution', render: (row) => row.institution },
        { key: 'location', header: 'Location', render: (row) => row.location || '-' },
        { key: 'type', header: 'Qualification Type', render: (row) => row.qualificationType },
        { key: 'start', header: 'Start Date', noWrap: true, render: (row) => dateOf(row.startDate) },
        { key: 'end', header: 'End Date', noWrap: true, render: (row) => dateOf(row.endDate) },
      ]}
      renderForm={({ entry, onSubmit, onCancel }) => (
        <EducationForm
          mode={entry ? 'edit' : 'create'}
          initialValues={entry ? educationValuesOf(entry) : emptyEducationValues()}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      )}
    />
  );
}

export function ExperiencePanel({ applicantId }: { applicantId: string }) {
  return (
    <ProfileEntriesPanel<Experience>
      kind={EXPERIENCE_KIND}
      applicantId={applicantId}
      title="Experience"
      description="Where you have worked, in what position, and what you did."
      emptyText="No experience entered yet."
      nameOf={(row) => `${row.position} at ${row.employer}`}
      columns={[
        { key: 'employer', header: 'Employer', render: (row) => row.employer },
        { key: 'position', header: 'Position', render: (row) => row.position },
        { key: 'start', header: 'Start Date', noWrap: true, render: (row) => dateOf(row.startDate) },
        { key: 'end', header: 'End Date', noWrap: true, render: (row) => dateOf(row.endDate) },
      ]}
      renderForm={({ entry, onSubmit, onCancel }) => (
        <ExperienceForm
          mode={entry ? 'edit' : 'create'}
          initialValues={entry ? experienceValuesOf(entry) : emptyExperienceValues()}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      )}
    />
  );
}

export function ProfessionalActivitiesPanel({ applicantId }: { applicantId: string }) {
  return (
    <ProfileEntriesPanel<ProfessionalActivity>
      kind={PROFESSIONAL_ACTIVITY_KIND}
      applicantId={applicantId}
      title="Professional activities"
      description="Societies, committees and standards work you take part in."
      emptyText="No professional activities entered yet."
      nameOf={(row) => row.activity}
      columns={[
        { key: 'activity', header: 'Activity', render: (row) => row.activity },
        { key: 'organisation', header: 'Organisation', render: (row) => row.organisation || '-' },
        { key: 'role', header: 'Role', render: (row) => row.role || '-' },
        { key: 'start', header: 'Start Date', noWrap: true, render: (row) => dateOf(row.startDate) },
        { key: 'end', header: 'End Date', noWrap: true, render: (row) => dateOf(row.endDate) },
      ]}
      renderForm={({ entry, onSubmit, onCancel }) => (
        <ProfessionalActivityForm
          mode={entry ? 'edit' : 'create'}
          initialValues={entry ? professionalActivityValuesOf(entry) : emptyProfessionalActivityValues()}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      )}
    />
  );
}

export function ProfessionalDevelopmentPanel({ applicantId }: { applicantId: string }) {
  return (
    <ProfileEntriesPanel<ProfessionalDevelopment>
      kind={PROFESSIONAL_DEVELOPMENT_KIND}
      applicantId={applicantId}
      title="Professional development"
      description="Courses, conferences and study that keep your skills current."
      emptyText="No professional development entered yet."
      nameOf={(row) => `${row.PersonalDevelopmentType} with ${row.provider}`}
      columns={[
        { key: 'provider', header: 'Provider', render: (row) => row.provider },
        { key: 'hours', header: 'Hours', noWrap: true, render: (row) => row.numOfHours },
        { key: 'type', header: 'Type', render: (row) => row.PersonalDevelopmentType },
        { key: 'start', header: 'Start Date', noWrap: true, render: (row) => dateOf(row.startDate) },
      ]}
      renderForm={({ entry, onSubmit, onCancel }) => (
        <ProfessionalDevelopmentForm
          mode={entry ? 'edit' : 'create'}
          initialValues={entry ? professionalDevelopmentValuesOf(entry) : emptyProfessionalDevelopmentValues()}
          onSubmit={onSubmit}
          onCancel={onCancel}
        />
      )}
    />
  );
}
