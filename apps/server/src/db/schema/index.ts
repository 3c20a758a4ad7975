// The schema entry point that drizzle's client and relational queries read (a package entry, not a barrel for imports elsewhere).
export * from './user';
export * from './program';
export * from './question-bank';
export * from './exam-definition';
