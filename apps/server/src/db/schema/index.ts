// The schema entry point that drizzle's client and relational queries read (a package entry, not a barrel for imports elsewhere).
export * from './user';
export * from './program';
export * from './question-bank';
export * from './exam-definition';
export * from './applicant-profile';
export * from './mail';
export * from './attachment';
export * from './application';
export * from './contact';
export * from './venue';
export * from './application-module';
export * from './payment';
export * from './exam-instance';
export * from './rate-limit';
export * from './privacy';
export * from './award';
export * from './award-reminder';
