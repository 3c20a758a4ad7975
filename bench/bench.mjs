// `npm run bench` runs the exam-day benchmark (exam-day.mjs); `npm run bench -- --faults` the exam
// fault injection (exam-faults.mjs); `npm run bench -- --rolling-restart` a rolling restart of two
// instances behind HAProxy in the middle of a sitting (rolling-restart.mjs). Every other option goes
// to the one chosen.
const modes = { '--faults': './exam-faults.mjs', '--rolling-restart': './rolling-restart.mjs' };
const chosen = Object.keys(modes).filter((mode) => process.argv.includes(mode));
if (chosen.length > 1) throw new Error(`Choose one of ${chosen.join(' and ')}`);
process.argv = process.argv.filter((argument) => !Object.hasOwn(modes, argument));
await import(modes[chosen[0]] ?? './exam-day.mjs');
