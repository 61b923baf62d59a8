import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/podcast-feeds', rootDir: import.meta.dirname };
