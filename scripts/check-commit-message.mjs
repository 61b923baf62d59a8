#!/usr/bin/env node
// Checks a commit message: a subject of at most 72 characters, then a blank
// line before any body. Used by .githooks/commit-msg and by the repo tests.
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SUBJECT_MAX = 72;

/** Problems with one commit message; empty when it is acceptable. */
export function commitMessageProblems(message) {
  const lines = message
    .split('\n')
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.replace(/\s+$/, ''));
  while (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  const subject = lines[0] ?? '';
  const problems = [];
  if (subject.trim() === '') {
    problems.push('the subject line is empty');
  } else if ([...subject].length > SUBJECT_MAX) {
    problems.push(
      `the subject has ${[...subject].length} characters; at most ${SUBJECT_MAX} (put the why and figures in the body)`,
    );
  }
  if (lines.length > 1 && lines[1] !== '') {
    problems.push('the second line must be blank, between the subject and the body');
  }
  return problems;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write('usage: check-commit-message.mjs <message file>\n');
    process.exit(2);
  }
  const problems = commitMessageProblems(readFileSync(file, 'utf8'));
  for (const problem of problems) process.stderr.write(`commit message: ${problem}\n`);
  process.exit(problems.length === 0 ? 0 : 1);
}
