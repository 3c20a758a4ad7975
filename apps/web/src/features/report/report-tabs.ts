/** The Reports menu's tabs, by the `tab` query word (links from the dashboard and role homes open one). */
export const REPORT_TABS = [
  { value: 'payments', label: 'Payments' },
  { value: 'userstat', label: 'User statistics' },
  { value: 'applicationhistory', label: 'Application history' },
  { value: 'examresults', label: 'Exam results' },
  { value: 'awards', label: 'Awards' },
  { value: 'questionstatistics', label: 'Question statistics' },
  { value: 'search', label: 'Advanced search' },
] as const;
