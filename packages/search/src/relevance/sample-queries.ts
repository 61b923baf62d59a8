/**
 * Relevance cases on corpus/sample: each query names the insight it should
 * find (its GI id). About half are worded differently from the insight
 * ("overrated" for "gets more attention than it deserves"), the rest lean on
 * names, places and numbers, where exact terms matter.
 */
export interface RelevanceCase {
  query: string;
  insightId: string;
}

export const SAMPLE_RELEVANCE_CASES: readonly RelevanceCase[] = [
  { query: 'permeable pavement paid for itself quickly', insightId: 'insight:48aca782bdd30900' },
  { query: 'Riverside Water Authority analysis', insightId: 'insight:48aca782bdd30900' },
  { query: 'Chennai survey of flood maps', insightId: 'insight:2d9f3f3b61179b53' },
  { query: 'Leipzig decade of sewer separation tracking', insightId: 'insight:eb7c96e53b472f4f' },
  {
    query: 'Glasgow did not measure sewer separation before 2017',
    insightId: 'insight:e8e210a26c972bdf',
  },
  { query: 'Lowmoor Flood Board improvements', insightId: 'insight:df9b1e2cab1f93d8' },
  { query: 'Bogota survey flood risk mapping', insightId: 'insight:a384c5cea350f0f0' },
  { query: 'Pittsburgh combined sewer overflow survey', insightId: 'insight:f57677cd8bf9a0a4' },
  {
    query: 'holding back rain runoff is really about money',
    insightId: 'insight:d696789eaab2c3af',
  },
  { query: 'soloing on the spot is overrated', insightId: 'insight:5dd2d9aedba6666f' },
  { query: 'small record companies are overhyped', insightId: 'insight:7c0e0d00b8e29fcd' },
  {
    query: 'public conversation about modal jazz lags behind research',
    insightId: 'insight:e55aaf36e41bf625',
  },
  {
    query: 'neglecting live music venues costs more than investing in them',
    insightId: 'insight:b62f236c71de84d3',
  },
  { query: 'Nairobi cobalt supply chain survey', insightId: 'insight:6fc886208a1f76c8' },
  { query: 'Phoenix climate trend over seven years', insightId: 'insight:276dd40598c91874' },
  { query: 'nobody measured battery recycling in Nairobi', insightId: 'insight:9091f12d3939d3dc' },
  { query: 'Halvorsen Battery Lab results', insightId: 'insight:fadec2caf64cb4a6' },
  {
    query: 'Northern Cell Consortium fast charging failures',
    insightId: 'insight:a785beb8bd4c80df',
  },
  {
    query: 'upkeep when reusing old cells that budgets ignore',
    insightId: 'insight:21e3fdfa2a151261',
  },
  {
    query: 'share of grid storage work spent on maintenance',
    insightId: 'insight:5a98461dc93b014b',
  },
  {
    query: 'doing nothing about lithium iron phosphate is costly',
    insightId: 'insight:2ee709603aeaefb7',
  },
  {
    query: 'beginners in salt-based cells should study the past',
    insightId: 'insight:7e19c34ff68fb188',
  },
  { query: 'Melbourne survey adolescent sleep', insightId: 'insight:d963d1570a6cc384' },
  {
    query: 'Quietwell Health changed its approach to dreaming',
    insightId: 'insight:4ab65ce1f79689a2',
  },
  { query: 'daytime dozing is mainly about cash', insightId: 'insight:95c169f8a9472d99' },
  {
    query: 'being tired all day is tied to short daytime sleeps',
    insightId: 'insight:e309217ec45eb46d',
  },
  {
    query: 'Aldgate Sleep Clinic climate adaptation research',
    insightId: 'insight:fe1f0d65118dd927',
  },
  {
    query: 'people nearest to circadian rhythms are left out of planning',
    insightId: 'insight:2768b817bcf1d8c3',
  },
  {
    query: 'night-shift employees are rarely consulted when plans are made',
    insightId: 'insight:0686f52eb572d328',
  },
  {
    query: 'treating breathing pauses at night means handling dreams too',
    insightId: 'insight:e38998802c9700f1',
  },
  {
    query: 'therapy for sleeplessness deserves mainstream funding',
    insightId: 'insight:00935f59701147f2',
  },
  {
    query: 'teenagers resting is a social issue not only a technical one',
    insightId: 'insight:a6abf7a6d7f8a469',
  },
  {
    query: 'cobalt supply chains will change a lot in seven years',
    insightId: 'insight:46e1d1c6c070dbf3',
  },
  {
    query: 'councils should trial public budgets on a small scale first',
    insightId: 'insight:03ee11105ce45748',
  },
];
