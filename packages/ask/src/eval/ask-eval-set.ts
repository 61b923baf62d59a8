/**
 * Questions over corpus/sample with the insights that answer them, and
 * questions the corpus cannot answer. An answer hits when one of
 * `insights` is among its first three evidence items.
 */
export interface AskEvalCase {
  question: string;
  /** Empty: the corpus cannot answer it, and the right answer abstains. */
  insights: readonly string[];
}

export const ASK_EVAL_SET: readonly AskEvalCase[] = [
  {
    question: 'Which survey found problems with flood risk mapping at 55 percent of sites?',
    insights: ['insight:2d9f3f3b61179b53'],
  },
  {
    question: 'What did the early survey in Bogota find?',
    insights: ['insight:a384c5cea350f0f0'],
  },
  {
    question: 'How quickly did permeable pavement pay for itself?',
    insights: ['insight:48aca782bdd30900'],
  },
  {
    question: 'When did Glasgow start measuring sewer separation?',
    insights: ['insight:e8e210a26c972bdf'],
  },
  {
    question: 'What did ten years of tracking sewer separation in Leipzig show?',
    insights: ['insight:eb7c96e53b472f4f'],
  },
  {
    question: 'How much of the effort in battery recycling is maintenance nobody budgets for?',
    insights: ['insight:21e3fdfa2a151261'],
  },
  {
    question: 'What share of the work in grid storage is unbudgeted maintenance?',
    insights: ['insight:5a98461dc93b014b'],
  },
  {
    question: 'What problems did the Nairobi survey find with cobalt supply chains?',
    insights: ['insight:6fc886208a1f76c8'],
  },
  {
    question: 'When did anyone in Nairobi begin measuring battery recycling?',
    insights: ['insight:9091f12d3939d3dc'],
  },
  {
    question: 'What changed at Halvorsen Battery Lab?',
    insights: ['insight:fadec2caf64cb4a6'],
  },
  {
    question: 'What did Lowmoor Flood Board see after changing its approach?',
    insights: ['insight:df9b1e2cab1f93d8'],
  },
  {
    question: 'What does research at the Northern Cell Consortium show about fast charging?',
    insights: ['insight:a785beb8bd4c80df'],
  },
  {
    question: 'What do serious studies of cobalt supply chains keep pointing back to?',
    insights: ['insight:3f87bc5ca450fc64', 'insight:ad86edd0fbdc4ad0'],
  },
  {
    question: 'Does fixing sleep apnea mean dealing with dreaming too?',
    insights: ['insight:e38998802c9700f1'],
  },
  {
    question: 'How does napping affect sleep deprivation?',
    insights: ['insight:e309217ec45eb46d'],
  },
  {
    question: 'What did the survey in Melbourne find about adolescent sleep?',
    insights: ['insight:d963d1570a6cc384'],
  },
  {
    question: 'What happened at Quietwell Health when it changed its approach to dreaming?',
    insights: ['insight:4ab65ce1f79689a2'],
  },
  {
    question: 'Is napping mostly a story about money?',
    insights: ['insight:95c169f8a9472d99'],
  },
  {
    question: 'Should independent record labels get funding before tape recording?',
    insights: ['insight:72ee1c83a546a492'],
  },
  {
    question: 'How will combined sewer overflows look in eight years?',
    insights: ['insight:a8b8cc7164a1de83'],
  },
  {
    question: 'How many Pittsburgh sites had problems with combined sewer overflows?',
    insights: ['insight:f57677cd8bf9a0a4'],
  },
  {
    question: 'Is stormwater retention really about money?',
    insights: ['insight:d696789eaab2c3af'],
  },
  {
    question: 'Which teams get the best results in big band arranging?',
    insights: ['insight:74cfa7802f4e4322'],
  },
  {
    question: 'What did tracking climate change in Phoenix show?',
    insights: ['insight:276dd40598c91874'],
  },
  {
    question: 'How different will cobalt supply chains be in seven years?',
    insights: ['insight:46e1d1c6c070dbf3'],
  },
  {
    question: 'Does lithium iron phosphate get more attention than it deserves?',
    insights: ['insight:a0a1bd3f96a24142'],
  },
  {
    question: 'How clear is the evidence on sodium-ion batteries?',
    insights: ['insight:4f0fa0d69a02ba58'],
  },
  {
    question: 'What does research at Calder Civil Partners show about public trust?',
    insights: ['insight:8339b7976bf87ba0'],
  },
  {
    question: 'Should councils pilot public budgets at a small scale first?',
    insights: ['insight:03ee11105ce45748'],
  },
  {
    question: 'Does public debate on modal jazz lag behind the research?',
    insights: ['insight:e55aaf36e41bf625'],
  },
  { question: 'What did guests say about cryptocurrency regulation?', insights: [] },
  { question: 'Which football club won the league in 2019?', insights: [] },
  { question: 'How do you bake sourdough bread at home?', insights: [] },
  { question: 'What are the side effects of melatonin gummies for toddlers?', insights: [] },
  { question: 'Who invented the electric guitar?', insights: [] },
  { question: 'What did anyone say about nuclear fusion reactors?', insights: [] },
  { question: 'How do vaccines train the immune system?', insights: [] },
  { question: 'What is the best hiking trail in Patagonia?', insights: [] },
  { question: 'What did guests say about trail erosion?', insights: [] },
  { question: 'How much does a used electric scooter cost in Lisbon?', insights: [] },
];
