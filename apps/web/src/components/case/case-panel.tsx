import { Alert, Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { CASE_OUTCOME_LABELS, CASE_STATUS_COLORS, CASE_STATUS_LABELS, type CaseEntry, type CaseEntryKind, type CaseOutcome, type CaseStatus } from '@certs/shared/case/case.contract';
import { useDateFormatter } from '../../lib/dates';
import { DateDisplay } from '../ui/date-display';
import { StatusBadge } from '../ui/status-badge';

/**
 * What the staff pages of an appeal and of a complaint share (issue 43, ISO/IEC 17024 9.8 and
 * 9.9): the summary with status, outcome and age, the handler, the investigation's record (what
 * was shared with the person marked) with its note form, the outcome (or the decision form, or why
 * not) and what changed because of it. Each feature fills in its own facts, forms and changes.
 */

const ENTRY_KIND_LABELS: Record<CaseEntryKind, string> = { note: 'Note', status: 'Status', handler: 'Handler', outcome: 'Outcome', mail: 'Mail' };

/** A labelled value of a case's summary. */
export function CaseFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

export function CaseSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The age of a case, in red with an Overdue badge once an open one is past its decision date. */
export function CaseAge({ ageDays, overdue }: { ageDays: number; overdue: boolean }) {
  return (
    <Group gap={6} wrap="nowrap" data-overdue={overdue ? 'true' : undefined}>
      <Text size="sm" c={overdue ? 'red.8' : undefined} fw={overdue ? 700 : undefined}>
        {ageDays} {ageDays === 1 ? 'day' : 'days'}
      </Text>
      {overdue && (
        <Badge color="red" variant="light" size="sm">
          Overdue
        </Badge>
      )}
    </Group>
  );
}

export function CaseStatusBadge({ status, testId }: { status: CaseStatus; testId: string }) {
  return <StatusBadge label={CASE_STATUS_LABELS[status]} value={status} color={CASE_STATUS_COLORS[status]} testId={testId} />;
}

/** The investigation's record, oldest first; an entry shared with the person says so. */
function CaseEntries({ entries, sharedLabel, testId }: { entries: readonly CaseEntry[]; sharedLabel: string; testId: string }) {
  const dates = useDateFormatter();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Nothing recorded yet.
      </Text>
    );
  }
  return (
    <Timeline bulletSize={14} lineWidth={2} data-testid={testId}>
      {entries.map((entry) => (
        <Timeline.Item
          key={entry.id}
          title={
            <Group gap="xs">
              <Text size="sm" fw={600}>
                {ENTRY_KIND_LABELS[entry.kind]}
              </Text>
              {entry.sharedWithPerson && (
                <Badge size="sm" variant="dot" color="teal" tt="none">
                  {sharedLabel}
                </Badge>
              )}
            </Group>
          }
        >
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {entry.text}
          </Text>
          <Text size="xs" c="dimmed">
            {dates.dateTime(entry.createdOn)}
            {entry.actorName ? `, ${entry.actorName}` : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

export interface CaseDecided {
  outcome: CaseOutcome | null;
  decidedOn: string | null;
  decidedBy: string | null;
  outcomeReasons: string | null;
}

export interface CasePanelProps {
  /** Names the panel's parts for tests and journeys: `appeal` gives appeal-staff-panel, appeal-handler, appeal-entries, appeal-outcome, appeal-changes. */
  kind: 'appeal' | 'complaint';
  status: CaseStatus;
  ageDays: number;
  overdue: boolean;
  decided: CaseDecided;
  /** The case's facts: who, what, when. */
  summary: ReactNode;
  /** Sections of the feature's own before the handler (a complaint's subject). */
  before?: ReactNode;
  handlerName: string | null;
  /** Below the handler's name: taking or assigning it, moving its status, why the caller may not. */
  handlerControls: ReactNode;
  entries: readonly CaseEntry[];
  /** "Shared with the person", "Shared with the complainant". */
  sharedLabel: string;
  /** The note form, where the caller may add to the record. */
  noteForm: ReactNode;
  /** While undecided: the decision form, or why the caller may not decide. */
  undecided: ReactNode;
  changesTitle: string;
  changesEmptyText: string;
  /** One list item's content a change. */
  changes: readonly ReactNode[];
  changesForm?: ReactNode;
}

/** One appeal or complaint for staff: the sections every case has, in the same order on both pages. */
export function CasePanel(props: CasePanelProps) {
  const { kind, decided } = props;
  return (
    <Stack gap="lg" data-testid={`${kind}-staff-panel`}>
      <Paper withBorder radius="md" p="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="wrap">
            <CaseStatusBadge status={props.status} testId={`${kind}-status`} />
            {decided.outcome && <Badge variant="light">{CASE_OUTCOME_LABELS[decided.outcome]}</Badge>}
            <CaseAge ageDays={props.ageDays} overdue={props.overdue} />
          </Group>
          {props.summary}
        </Stack>
      </Paper>

      {props.before}

      <CaseSection title="Handler">
        <Stack gap="md">
          <Text size="sm" data-testid={`${kind}-handler`}>
            {props.handlerName ?? 'Not assigned'}
          </Text>
          {props.handlerControls}
        </Stack>
      </CaseSection>

      <CaseSection title="Investigation">
        <Stack gap="md">
          <CaseEntries entries={props.entries} sharedLabel={props.sharedLabel} testId={`${kind}-entries`} />
          {props.noteForm}
        </Stack>
      </CaseSection>

      <CaseSection title="Outcome">
        {decided.outcome ? (
          <Stack gap="xs" data-testid={`${kind}-outcome`}>
            <Text size="sm" fw={600}>
              {CASE_OUTCOME_LABELS[decided.outcome]}, decided <DateDisplay value={decided.decidedOn} /> by {decided.decidedBy ?? '-'}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {decided.outcomeReasons}
            </Text>
          </Stack>
        ) : (
          props.undecided
        )}
      </CaseSection>

      <CaseSection title={props.changesTitle}>
        <Stack gap="md">
          {props.changes.length === 0 ? (
            <Text size="sm" c="dimmed">
              {props.changesEmptyText}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ paddingLeft: 18, margin: 0 }} data-testid={`${kind}-changes`}>
              {props.changes.map((change, index) => (
                <Text key={index} component="li" size="sm">
                  {change}
                </Text>
              ))}
            </Stack>
          )}
          {props.changesForm}
        </Stack>
      </CaseSection>
    </Stack>
  );
}

/** Why the caller may not decide (or that the case closed without a decision). */
export function CaseCannotDecide({ because, testId }: { because: string; testId?: string }) {
  return (
    <Alert color="gray" variant="light" data-testid={testId}>
      {because}
    </Alert>
  );
}
