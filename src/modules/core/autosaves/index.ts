import { PageAutosavesController, PostAutosavesController } from './autosaves.controller';

export const AutosavesController = { posts: PostAutosavesController, pages: PageAutosavesController };
