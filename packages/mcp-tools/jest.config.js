import { preset } from '../../jest.preset.js';

export default { ...preset, displayName: '@podcast/mcp-tools', rootDir: import.meta.dirname };
