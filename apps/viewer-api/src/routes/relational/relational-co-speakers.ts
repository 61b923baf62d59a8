import { coSpeakers } from '@podcast/corpus';
import { coSpeakersFromIndex } from '@podcast/corpus-index';
import { byId, listRoute } from './relational-shared.js';

export const relationalCoSpeakers = listRoute({
  method: 'get',
  path: '/api/relational/co-speakers',
  scope: 'person',
  summary: "People who speak in the person's episodes, by shared episodes",
  answer: byId(coSpeakers),
  index: coSpeakersFromIndex,
});
