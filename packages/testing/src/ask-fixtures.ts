/*
 * The questions the index suites ask of the sample corpus, with the
 * consensus file that sets one of its claims against another.
 */

/** An answerable question about the sample corpus. */
export const PAVEMENT = 'How quickly did permeable pavement pay for itself?';

/** Asks about "LFP gets more attention than it deserves", which CONSENSUS sets against another claim. */
export const CONTRADICTED = 'Does lithium iron phosphate get more attention than it deserves?';

/** `enrichments/topic_consensus.json` with one contradiction between two sample insights. */
export const CONSENSUS = JSON.stringify({
  enricher_id: 'topic_consensus',
  status: 'ok',
  data: {
    consensus: [
      {
        insight_a_id: 'insight:a0a1bd3f96a24142',
        insight_b_id: 'insight:f67a5ba8b1000837',
        contradiction: 0.91,
        contradicts: true,
      },
    ],
  },
});
