/** Invented people: hosts and guests are first × last combinations, never repeated in one corpus. */
export const FIRST_NAMES: readonly string[] = [
  'Maya', 'Daniel', 'Priya', 'Tomasz', 'Amara', 'Lucas', 'Ingrid', 'Kofi', 'Elena', 'Hamid',
  'Sofia', 'Jonah', 'Aiko', 'Mateo', 'Nadia', 'Oskar', 'Leila', 'Samir', 'Grace', 'Felix',
  'Zainab', 'Ruben', 'Hannah', 'Viktor', 'Chloe', 'Arjun', 'Marta', 'Desmond', 'Yuki', 'Pablo',
  'Esther', 'Callum', 'Noor', 'Anton', 'Imani', 'Rhys', 'Lucia', 'Theo', 'Farah', 'Bruno',
];

export const LAST_NAMES: readonly string[] = [
  'Okafor', 'Lindqvist', 'Raman', 'Kowalski', 'Mensah', 'Moreau', 'Haugen', 'Asante', 'Petrova',
  'Karimi', 'Castellano', 'Whitfield', 'Nakamura', 'Ibarra', 'Haddad', 'Berglund', 'Farouk',
  'Desai', 'Callaghan', 'Brenner', 'Adeyemi', 'Vargas', 'Schultz', 'Novak', 'Dubois', 'Iyer',
  'Costa', 'Obi', 'Tanaka', 'Delgado', 'Abrams', 'MacLeod', 'Rahman', 'Volkov', 'Achterberg',
  'Nwosu', 'Price', 'Romano', 'Siddiqui', 'Fontaine',
];

export const PLACES: readonly string[] = [
  'Rotterdam', 'Copenhagen', 'Osaka', 'Lagos', 'Phoenix', 'Glasgow', 'Melbourne', 'Montreal',
  'Porto', 'Nairobi', 'Pittsburgh', 'Bogota', 'Leipzig', 'Auckland', 'Chennai', 'Valencia',
];

/** Ad reads that only appear in episodes with an ad-free variant (spec 04 §2.2). */
export const SPONSOR_READS: readonly string[] = [
  'This episode is brought to you by Northwind Mattresses. Try one for a hundred nights and send it back if it is not for you.',
  'Support for this show comes from Brightwell Coffee. Use the code LISTEN for ten percent off your first bag.',
  'This episode is supported by Ledgerly, the bookkeeping app for small teams. Your first month is free.',
  'A quick word from our sponsor, Fieldnote Notebooks. They are made from recycled paper and they last.',
];

export const SPONSOR_NAMES: readonly string[] = ['Northwind Mattresses', 'Brightwell Coffee', 'Ledgerly', 'Fieldnote Notebooks'];

export const MODEL_NAMES = {
  transcription: 'whisper-large-v3',
  summary: 'gpt-4.1-mini',
  gi: 'gpt-4.1-mini',
  giStrict: 'gpt-4o-mini',
  kg: 'provider:gpt-4.1-mini',
} as const;

export const TLDS: readonly string[] = ['fm', 'show', 'audio', 'org', 'net'];
