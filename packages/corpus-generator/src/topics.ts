import type { Topic } from './plan-types.js';
import { slugify } from './text.js';
import type { Domain } from './vocabulary/domain.js';
import { SHARED_TOPICS } from './vocabulary/domain.js';

/** Labels such as "interest rates" take plural verbs in the transcript templates. */
function isPlural(label: string): boolean {
  return (/s$/.test(label) && !/ss$/.test(label)) || label.endsWith('bacteria');
}

export function makeTopic(label: string, family: string): Topic {
  const slug = slugify(label);
  return { id: `topic:${slug}`, label, slug, family, plural: isPlural(label) };
}

export const SHARED_TOPIC_LIST: readonly Topic[] = SHARED_TOPICS.map((t) =>
  makeTopic(t.label, t.family),
);

export function domainTopics(domain: Domain): Topic[] {
  return domain.topics.map((t) => makeTopic(t.label, t.family));
}
