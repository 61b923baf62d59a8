/**
 * Sentence templates for transcripts. Placeholders: {t} the sentence's topic,
 * {T} the same capitalised, {u} a second topic, {o} an organisation, {p} a
 * place, {m} a cited figure, {n} a small count, {pct} a percentage, {y} a year.
 * {s} {is} {was} {it} {them} {itself} agree with {t}, which may be plural
 * ("interest rates are", "shift work is").
 * A claim carries its insight paraphrase, so every grounded insight reads like
 * what its quote says.
 */
export interface ClaimTemplate {
  say: string;
  insight: string;
  type: 'claim' | 'fact' | 'opinion' | 'recommendation' | 'prediction' | 'observation';
}

export const CLAIMS: readonly ClaimTemplate[] = [
  {
    say: 'The thing most people miss about {t} is how much {it} depend{s} on {u}.',
    insight: '{T} depend{s} heavily on {u}, a link most people overlook.',
    type: 'claim',
  },
  {
    say: 'In {p} we tracked {t} for {n} years, and the trend only went one way.',
    insight: 'Tracking {t} in {p} for {n} years showed a steady one-way trend.',
    type: 'fact',
  },
  {
    say: 'Honestly, I think {t} get{s} far more attention than {it} deserve{s}.',
    insight: '{T} get{s} more attention than {it} deserve{s}.',
    type: 'opinion',
  },
  {
    say: 'If you are starting out with {t}, collect the boring data before you buy anything.',
    insight: 'Work on {t} should begin with basic data collection, not purchases.',
    type: 'recommendation',
  },
  {
    say: 'My bet is that within {n} years {t} will look completely different.',
    insight: '{T} will probably look very different within {n} years.',
    type: 'prediction',
  },
  {
    say: 'The team at {o} found that {t} fail{s} quietly long before anyone notices.',
    insight: 'Research at {o} shows {t} tend{s} to fail quietly before problems are noticed.',
    type: 'fact',
  },
  {
    say: 'What surprised me was how closely {t} track{s} {u}.',
    insight: '{T} track{s} {u} more closely than expected.',
    type: 'observation',
  },
  {
    say: 'People assume {t} {is} expensive, but the costly part is doing nothing.',
    insight: 'In {t}, inaction costs more than investment.',
    type: 'claim',
  },
  {
    say: '{m} argued years ago that {t} {is} a social question as much as a technical one, and that still holds.',
    insight: '{T} remain{s} a social question as much as a technical one.',
    type: 'opinion',
  },
  {
    say: 'Roughly {pct} percent of the effort in {t} is maintenance, and almost nobody budgets for it.',
    insight: 'About {pct} percent of the effort in {t} is maintenance that rarely gets budgeted.',
    type: 'fact',
  },
  {
    say: 'You cannot fix {t} without also dealing with {u}.',
    insight: 'Fixing {t} requires dealing with {u} as well.',
    type: 'claim',
  },
  {
    say: 'The best results I have seen in {t} came from small teams that measured everything.',
    insight: 'Small teams that measure everything get the best results in {t}.',
    type: 'observation',
  },
  {
    say: 'We should stop treating {t} as a niche subject and fund {them} properly.',
    insight: '{T} should be treated as mainstream and funded properly.',
    type: 'recommendation',
  },
  {
    say: 'When {o} changed its approach to {t}, the results improved within a single year.',
    insight: '{o} saw results improve within a year of changing its approach to {t}.',
    type: 'fact',
  },
  {
    say: 'There is a real risk that {t} become{s} an excuse to ignore {u}.',
    insight: '{T} risk{s} becoming an excuse to ignore {u}.',
    type: 'opinion',
  },
  {
    say: 'I expect {t} and {u} to converge over the next decade.',
    insight: '{T} and {u} are likely to converge over the next decade.',
    type: 'prediction',
  },
  {
    say: 'The evidence on {t} is messier than the headlines suggest.',
    insight: 'Evidence on {t} is less clear-cut than headlines suggest.',
    type: 'claim',
  },
  {
    say: 'Back in {y}, nobody in {p} was even measuring {t}.',
    insight: 'Nobody in {p} measured {t} until after {y}.',
    type: 'fact',
  },
  {
    say: 'The most useful thing a newcomer can do is learn the history of {t}.',
    insight: 'Newcomers to {t} benefit most from learning its history.',
    type: 'recommendation',
  },
  {
    say: 'Every serious study of {t} I know of points back to {u}.',
    insight: 'Serious studies of {t} consistently point back to {u}.',
    type: 'observation',
  },
  {
    say: 'The people closest to {t} are almost never the ones asked to plan {them}.',
    insight: 'Those closest to {t} are rarely involved in planning {them}.',
    type: 'observation',
  },
  {
    say: 'A decade from now we will wonder why {t} {was} ever controversial.',
    insight: '{T} will seem uncontroversial within a decade.',
    type: 'prediction',
  },
  {
    say: 'If I had one dollar to spend, I would spend it on {u} before {t}.',
    insight: 'Spending on {u} should come before spending on {t}.',
    type: 'recommendation',
  },
  {
    say: 'The first survey of {t} in {p} found problems at about {pct} percent of sites.',
    insight: 'An early survey in {p} found problems with {t} at about {pct} percent of sites.',
    type: 'fact',
  },
  {
    say: 'Nobody wants to hear it, but {t} {is} mostly a story about money.',
    insight: '{T} {is} mostly a story about money.',
    type: 'opinion',
  },
  {
    say: 'The hardest part of {t} is not the science, it is keeping people interested for {n} years.',
    insight: 'Sustaining interest over years is harder than the science in {t}.',
    type: 'claim',
  },
  {
    say: 'We ran the numbers with {o} and {t} paid for {itself} in under {n} years.',
    insight: 'Analysis with {o} found {t} paid for {itself} in under {n} years.',
    type: 'fact',
  },
  {
    say: 'I would tell any city council to pilot {t} small, then scale what works.',
    insight: 'Councils should pilot {t} at small scale before scaling up.',
    type: 'recommendation',
  },
  {
    say: 'Most of the mistakes I see in {t} come from copying what worked somewhere else.',
    insight: 'Many mistakes in {t} come from copying approaches that worked elsewhere.',
    type: 'claim',
  },
  {
    say: 'The public conversation about {t} lags the research by about {n} years.',
    insight: 'Public debate on {t} trails the research by several years.',
    type: 'observation',
  },
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
  'How do you explain {t} to someone who has never thought about {them}?',
  'What is one thing about {u} that listeners should know?',
  'Where do you disagree with your colleagues on {t}?',
  'What keeps you up at night when it comes to {t}?',
];

export const REACTIONS: readonly string[] = [
  'Right, that makes sense.',
  'That is a really useful way to put it.',
  'I had not thought about it that way.',
  'Let us stay on that for a second.',
  'Interesting, and that connects to {t}.',
  'Say more about that.',
  'That matches what we heard from listeners in {p}.',
  'Okay, I want to come back to that.',
  'That is not what I expected you to say.',
  'Fair enough.',
];

export const ELABORATIONS: readonly string[] = [
  'It took us a long time to see it.',
  'A lot of that comes down to how projects get approved.',
  'We had a pilot running in {p} for about {n} months.',
  'I keep coming back to the same few examples.',
  'There were plenty of false starts along the way.',
  'The early numbers were encouraging, but the samples were small.',
  'Part of it is simply that {t} {is} hard to explain at a dinner party.',
  'We wrote most of it up in a report for {o}.',
  'I changed my mind on this about {n} years ago.',
  'You see the same pattern in {p}.',
  'It sounds abstract, but it shows up in everyday decisions.',
  'The details matter more than the headline here.',
];

/** Openers that a speaker sometimes puts before a sentence; `.cleaned.txt` drops the first two. */
export const FILLERS: readonly string[] = ['Um, ', 'Uh, ', 'So, ', 'I mean, ', 'Well, '];
export const DISFLUENCIES: readonly string[] = ['Um, ', 'Uh, '];

/** Insights the extractor infers from the whole conversation: no supporting quote. */
export const UNGROUNDED_INSIGHTS: ReadonlyArray<{ text: string; type: ClaimTemplate['type'] }> = [
  {
    text: 'The conversation suggests {t} will need more public attention in the coming years.',
    type: 'prediction',
  },
  { text: 'Both speakers treat {t} and {u} as closely related problems.', type: 'observation' },
  {
    text: 'Progress on {t} appears to depend on long-term funding rather than new technology.',
    type: 'claim',
  },
  {
    text: 'The episode frames {t} as a coordination problem between institutions.',
    type: 'observation',
  },
];
