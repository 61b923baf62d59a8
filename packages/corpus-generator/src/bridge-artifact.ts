import { isoSeconds } from './clock.js';
import type { EpisodeContext } from './episode-context.js';
import { kgOrgs, kgPeople, orgId } from './kg-artifact.js';

interface Identity {
  id: string;
  type: 'person' | 'org' | 'topic';
  display_name: string;
  aliases: string[];
  sources: { gi: boolean; kg: boolean };
}

/**
 * Pipeline bridge (spec 04 §2.3): one identity per person, org and topic,
 * flagging which of this episode's GI and KG files carry it. Strict 1.0 GI
 * names speakers `speaker:…`; the bridge still keys them by `person:…`.
 */
export function buildBridge(
  context: EpisodeContext,
  hasGi: boolean,
  hasKg: boolean,
): Record<string, unknown> {
  const spoke = new Set(context.speakers.map((p) => p.id));
  const people: Identity[] = kgPeople(context).map((person) => ({
    id: person.id,
    type: 'person',
    display_name: person.name,
    aliases: person.role === 'mentioned' ? [] : [person.name.split(' ')[0] as string],
    sources: { gi: hasGi && spoke.has(person.id), kg: hasKg },
  }));
  const orgs: Identity[] = kgOrgs(context).map((name) => ({
    id: orgId(name),
    type: 'org',
    display_name: name.replace(/^the /, ''),
    aliases: name.startsWith('the ') ? [name] : [],
    sources: { gi: false, kg: hasKg },
  }));
  const topics: Identity[] = context.episode.topics.map((topic) => ({
    id: topic.id,
    type: 'topic',
    display_name: topic.label,
    aliases: [],
    sources: { gi: hasGi, kg: hasKg },
  }));
  return {
    schema_version: '1.0',
    episode_id: context.episode.episodeId,
    emitted_at: isoSeconds(context.processedAtMs),
    identities: [...people, ...orgs, ...topics],
  };
}
