// Runs the question importer over every file of a folder and prints what it makes of each:
//   npm run import:report -w apps/server -- <folder> [--questions]
// --questions also lists every imported question (type, marks, options with the right ones
// marked *) for checking by eye. Markdown files (a folder's README or notes) are skipped.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ParsedQuestionFile, parseQuestionFile } from '../src/modules/assessments/import/index.js';

const FIRST_PROBLEMS = 3;

const args = process.argv.slice(2);
const folderArgument = args.find((arg) => !arg.startsWith('--'));
const listQuestions = args.includes('--questions');
if (!folderArgument) {
  console.error('usage: npm run import:report -w apps/server -- <folder> [--questions]');
  process.exit(2);
}
// npm runs the script in apps/server; a relative folder is meant from where npm was called.
const folder = path.resolve(process.env.INIT_CWD ?? process.cwd(), folderArgument);

const files = readdirSync(folder)
  .filter((name) => !name.endsWith('.md') && statSync(path.join(folder, name)).isFile())
  .sort();

const rows: string[] = [];
const details: string[] = [];
for (const name of files) {
  const text = readFileSync(path.join(folder, name), 'utf8');
  const started = performance.now();
  const result = parseQuestionFile(text);
  const milliseconds = performance.now() - started;
  rows.push(row(name, result, milliseconds));
  if (listQuestions) details.push(describe(name, result));
}

console.log('| file | format | imported | problems | first problems | ms |');
console.log('|---|---|---|---|---|---|');
for (const line of rows) console.log(line);
if (listQuestions) console.log(`\n${details.join('\n')}`);

function row(name: string, { format, questions, errors }: ParsedQuestionFile, milliseconds: number): string {
  const first = errors.slice(0, FIRST_PROBLEMS).map(problemText).join('; ');
  const more = errors.length > FIRST_PROBLEMS ? `; … ${errors.length - FIRST_PROBLEMS} more` : '';
  const cells = [name, format ?? '-', questions.length, errors.length, first + more, milliseconds.toFixed(1)];
  return `| ${cells.map((cell) => String(cell).replace(/\|/g, '\\|')).join(' | ')} |`;
}

function problemText({ line, question, message }: ParsedQuestionFile['errors'][number]): string {
  const where = [line === null ? null : `line ${line}`, question === null ? null : `q${question}`]
    .filter(Boolean)
    .join(' ');
  return where ? `${where}: ${message}` : message;
}

function describe(name: string, { questions, errors }: ParsedQuestionFile): string {
  const lines = [`## ${name}`];
  for (const question of questions) {
    lines.push(
      `${question.number}. line ${question.line ?? '-'} ${question.type} (${question.marks}): ${question.title}`,
    );
    question.options.forEach((option, index) => {
      lines.push(`     ${option.correct ? '*' : ' '} ${String.fromCharCode(65 + index)}. ${option.title}`);
    });
  }
  for (const problem of errors) lines.push(`   ! ${problemText(problem)}`);
  return lines.join('\n');
}
