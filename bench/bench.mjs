// `npm run bench` runs the exam-day benchmark (exam-day.mjs); `npm run bench -- --faults` the exam
// fault injection (exam-faults.mjs). Every other option goes to the one chosen.
const isFaults = process.argv.includes('--faults');
process.argv = process.argv.filter((argument) => argument !== '--faults');
await import(isFaults ? './exam-faults.mjs' : './exam-day.mjs');
