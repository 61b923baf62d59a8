import { Problem } from '@podcast/contracts';

export const NOT_MINE = Problem.describe('No note with this id among the user’s');
