/**
 * Sentence templates for transcripts. Placeholders: {t} the sentence's topic,
 * {T} the same capitalised, {u} a second topic, {o} an organisation, {p} a
 * place, {m} a cited figure, {n} a small count, {pct} a percentage, {y} a year.
 * A claim carries its insight paraphrase, so every grounded insight reads like
 * what its quote says.
 */
export interface ClaimTemplate {
  say: string;
  insight: string;
  type: 'claim' | 'fact' | 'opinion' | 'recommendation' | 'prediction' | 'observation';
}

export const CLAIMS: readonly ClaimTemplate[] = [
  { say: 'The thing most people miss about {t} is how much it depends on {u}.', insight: '{T} depends heavily on {u}, a link most people overlook.', type: 'claim' },
  { say: 'In {p} we tracked {t} for {n} years, and the trend only went one way.', insight: 'Tracking {t} in {p} for {n} years showed a steady one-way trend.', type: 'fact' },
  { say: 'Honestly, I think {t} gets far more attention than it deserves.', insight: '{T} gets more attention than it deserves.', type: 'opinion' },
  { say: 'If you are starting out with {t}, collect the boring data before you buy anything.', insight: 'Work on {t} should begin with basic data collection, not purchases.', type: 'recommendation' },
  { say: 'My bet is that within {n} years {t} will look completely different.', insight: '{T} will probably look very different within {n} years.', type: 'prediction' },
  { say: 'The team at {o} found that {t} fails quietly long before anyone notices.', insight: 'Research at {o} shows {t} tends to fail quietly before problems are noticed.', type: 'fact' },
  { say: 'What surprised me was how closely {t} tracks {u}.', insight: '{T} tracks {u} more closely than expected.', type: 'observation' },
  { say: 'People assume {t} is expensive, but the costly part is doing nothing.', insight: 'In {t}, inaction costs more than investment.', type: 'claim' },
  { say: '{m} argued years ago that {t} is a social question as much as a technical one, and that still holds.', insight: '{T} remains a social question as much as a technical one.', type: 'opinion' },
  { say: 'Roughly {pct} percent of the effort in {t} is maintenance, and almost nobody budgets for it.', insight: 'About {pct} percent of the effort in {t} is maintenance that rarely gets budgeted.', type: 'fact' },
  { say: 'You cannot fix {t} without also dealing with {u}.', insight: 'Fixing {t} requires dealing with {u} as well.', type: 'claim' },
  { say: 'The best results I have seen in {t} came from small teams that measured everything.', insight: 'Small teams that measure everything get the best results in {t}.', type: 'observation' },
  { say: 'We should stop treating {t} as a niche subject and fund it properly.', insight: '{T} should be treated as mainstream and funded properly.', type: 'recommendation' },
  { say: 'When {o} changed its approach to {t}, the results improved within a single year.', insight: '{o} saw results improve within a year of changing its approach to {t}.', type: 'fact' },
  { say: 'There is a real risk that {t} becomes an excuse to ignore {u}.', insight: '{T} risks becoming an excuse to ignore {u}.', type: 'opinion' },
  { say: 'I expect {t} and {u} to converge over the next decade.', insight: '{T} and {u} are likely to converge over the next decade.', type: 'prediction' },
  { say: 'The evidence on {t} is messier than the headlines suggest.', insight: 'Evidence on {t} is less clear-cut than headlines suggest.', type: 'claim' },
  { say: 'Back in {y}, nobody in {p} was even measuring {t}.', insight: 'Nobody in {p} measured {t} until after {y}.', type: 'fact' },
  { say: 'The most useful thing a newcomer can do is learn the history of {t}.', insight: 'Newcomers to {t} benefit most from learning its history.', type: 'recommendation' },
  { say: 'Every serious study of {t} I know of points back to {u}.', insight: 'Serious studies of {t} consistently point back to {u}.', type: 'observation' },
];

export const QUESTIONS: readonly string[] = [
  'So how did you first get interested in {t}?',
  'What is the biggest misconception about {t}?',
  'Where does {u} fit into all of this?',
  'If a listener wanted to understand {t} in one afternoon, where should they start?',
  'How has the conversation around {t} changed since {y}?',
  'Can you walk us through what {o} actually does?',
  'What would you change about {t} tomorrow if you could?',
  'Is there a version of {t} that works for smaller places?',
  'Who gets {t} right, in your view?',
  'What does the data on {t} actually say?',
];

export const REACTIONS: readonly string[] = [
  'Right, that makes sense.',
  'That is a really useful way to put it.',
  'I had not thought about it that way.',
  'Let us stay on that for a second.',
  'Interesting, and that connects to {t}.',
  'Say more about that.',
  'That matches what we heard from listeners in {p}.',
];

export const ELABORATIONS: readonly string[] = [
  'It took us a long time to see it.',
  'A lot of that comes down to how projects get approved.',
  'We had a pilot running in {p} for about {n} months.',
  'I keep coming back to the same few examples.',
  'There were plenty of false starts along the way.',
  'The early numbers were encouraging, but the samples were small.',
  'Part of it is simply that {t} is hard to explain at a dinner party.',
  'We wrote most of it up in a report for {o}.',
];

/** Openers that a speaker sometimes puts before a sentence; `.cleaned.txt` drops the first two. */
export const FILLERS: readonly string[] = ['Um, ', 'Uh, ', 'So, ', 'I mean, ', 'Well, '];
export const DISFLUENCIES: readonly string[] = ['Um, ', 'Uh, '];

/** Insights the extractor infers from the whole conversation: no supporting quote. */
export const UNGROUNDED_INSIGHTS: ReadonlyArray<{ text: string; type: ClaimTemplate['type'] }> = [
  { text: 'The conversation suggests {t} will need more public attention in the coming years.', type: 'prediction' },
  { text: 'Both speakers treat {t} and {u} as closely related problems.', type: 'observation' },
  { text: 'Progress on {t} appears to depend on long-term funding rather than new technology.', type: 'claim' },
  { text: 'The episode frames {t} as a coordination problem between institutions.', type: 'observation' },
];
