import { Alert, Button, Group, NativeSelect, Radio, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { useState } from 'react';
import { CASE_TEXT_MAX } from '@certs/shared/case/case.contract';
import {
  COMPLAINT_ABOUT,
  COMPLAINT_ABOUT_HINTS,
  COMPLAINT_ABOUT_LABELS,
  COMPLAINT_ABOUT_TEXT_MAX,
  COMPLAINT_MESSAGES,
  ComplaintRequest,
  PublicComplaintRequest,
  type ComplaintAbout,
  type ComplaintBody,
} from '@certs/shared/complaint/complaint.contract';
import { applyServerErrors } from '../../../lib/server-errors';

export interface ComplaintFormValues {
  name: string;
  email: string;
  account: string;
  programId: string;
  about: ComplaintAbout | '';
  aboutText: string;
  details: string;
  /** Never shown to people (the honeypot): a bot that fills it is answered as received and nothing is kept. */
  website: string;
}

const validatePublic = zod4Resolver(PublicComplaintRequest, { errorPriority: 'first' });
const validateSignedIn = zod4Resolver(ComplaintRequest, { errorPriority: 'first' });

/** The request the form sends: empty choices left out, the body by its short name (and the program when chosen). */
function requestOf(values: ComplaintFormValues, isPublic: boolean): Record<string, string> {
  const request: Record<string, string> = { about: values.about, aboutText: values.aboutText, details: values.details };
  if (values.account) request.account = values.account;
  if (values.programId) request.programId = values.programId;
  if (isPublic) Object.assign(request, { name: values.name, email: values.email, ...(values.website ? { website: values.website } : {}) });
  return request;
}

interface ComplaintFormProps {
  /** The public form asks for a name and an email; signed-in people are who they are. */
  isPublic: boolean;
  bodies: readonly ComplaintBody[];
  initialValues?: Partial<ComplaintFormValues>;
  onSubmit: (request: PublicComplaintRequest) => Promise<unknown>;
}

/**
 * A complaint (issue 43): the awarding body (by its name, or one of its programs), what it is
 * about (the body, an examiner, a venue, a certificate holder, something else) in the person's own
 * words, and the details. Signed-in people send no name or email: theirs are used.
 */
export function ComplaintForm({ isPublic, bodies, initialValues, onSubmit }: ComplaintFormProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ComplaintFormValues>({
    initialValues: { name: '', email: '', account: bodies.length === 1 ? bodies[0]!.shortName : '', programId: '', about: '', aboutText: '', details: '', website: '', ...initialValues },
    // The body is checked here too: the schema's own check of it waits until every field is valid.
    validate: (values) => ({
      ...(isPublic ? validatePublic : validateSignedIn)(requestOf(values, isPublic)),
      ...(!values.account && !values.programId ? { account: COMPLAINT_MESSAGES.bodyRequired } : {}),
    }),
  });
  const body = bodies.find((item) => item.shortName === form.values.account);
  const about = form.values.about;

  const handleSubmit = async (values: ComplaintFormValues) => {
    setFailure(null);
    try {
      await onSubmit(requestOf(values, isPublic) as unknown as PublicComplaintRequest);
    } catch (error) {
      setFailure(applyServerErrors(form, values, error));
    }
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate aria-label="Make a complaint">
      <Stack gap="md">
        {failure && (
          <Alert color="red" variant="light" title="Your complaint was not sent">
            {failure}
          </Alert>
        )}
        {isPublic && (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" required withAsterisk autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" required withAsterisk autoComplete="email" description="We send your reference and the outcome here" {...form.getInputProps('email')} />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect
            label="Awarding body"
            required
            withAsterisk
            data={[{ value: '', label: 'Choose the awarding body' }, ...bodies.map((item) => ({ value: item.shortName, label: item.name }))]}
            {...form.getInputProps('account')}
            onChange={(event) => {
              form.setFieldValue('account', event.currentTarget.value);
              form.setFieldValue('programId', '');
            }}
          />
          <NativeSelect
            label="Program"
            description="If your complaint concerns one"
            disabled={!body || body.programs.length === 0}
            data={[{ value: '', label: 'Not about a program' }, ...(body?.programs ?? []).map((program) => ({ value: program.id, label: `${program.programCode} ${program.programTitle}` }))]}
            {...form.getInputProps('programId')}
          />
        </SimpleGrid>
        <Radio.Group label="What is your complaint about?" required withAsterisk {...form.getInputProps('about')}>
          <Group gap="lg" mt="xs">
            {COMPLAINT_ABOUT.map((value) => (
              <Radio key={value} value={value} label={COMPLAINT_ABOUT_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <TextInput
          label={about ? COMPLAINT_ABOUT_HINTS[about] : 'Who or what it is about'}
          description="In your own words; we keep it as you wrote it"
          maxLength={COMPLAINT_ABOUT_TEXT_MAX}
          {...form.getInputProps('aboutText')}
        />
        <Textarea
          label="Your complaint"
          description="What happened, when and where, and what you would like us to do"
          required
          withAsterisk
          autosize
          minRows={6}
          maxRows={16}
          maxLength={CASE_TEXT_MAX}
          {...form.getInputProps('details')}
        />
        {isPublic && (
          // The honeypot: off screen, out of the tab order and hidden from assistive technology.
          <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
            <TextInput label="Leave this empty" tabIndex={-1} autoComplete="off" {...form.getInputProps('website')} />
          </div>
        )}
        <Group justify="flex-end">
          <Button type="submit" disabled={form.submitting} loading={form.submitting}>
            Send complaint
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
