/** Episode and summary title templates; {T}/{U} are title-cased topics, {G} a guest's name, {o} an organisation. */
export const EPISODE_TITLES: readonly string[] = [
  'Why You Should Care About {T}',
  'The Quiet Revolution in {T}',
  '{T}: What We Get Wrong',
  'A Field Guide to {T}',
  '{T}, Explained',
  'The Long History of {T}',
  '{T} and {U}',
  '{T} After the Hype',
  'Inside the Fight Over {T}',
  'Rethinking {T} with {G}',
  'What {T} Can Teach Us About {U}',
  'The Hidden Cost of {T}',
  'Listener Questions on {T}',
  'Who Pays for {T}?',
];

export const SUMMARY_TITLES: readonly string[] = [
  'What comes next for {t}',
  'The case for taking {t} seriously',
  'Lessons from a decade of {t}',
  'Where {t} and {u} meet',
  'A practical look at {t}',
];

export const DESCRIPTIONS_WITH_GUEST: readonly string[] = [
  '{H} talks with {G}, {role} at {o}, about {t} and {u}.',
  '{G} joins {H} to unpack {t}, why it is harder than it looks, and what {u} has to do with it.',
  'What does {t} look like up close? {G}, {role} at {o}, explains.',
];

export const DESCRIPTIONS_HOSTS_ONLY: readonly string[] = [
  '{H} and {H2} dig into {t} and its links to {u}.',
  'A hosts-only episode: {H} and {H2} answer listener questions about {t}.',
];
