export { CommentsModule } from './comments.module';
export { CommentsService } from './comments.service';
export type { CommentWriteInput, ListCommentsInput, RequestOrigin } from './comments.service';
export { CommentEntity } from './comment.entity';
export { CommentSettingsEntity } from './comment-settings.entity';
export { CommentSpamFilterRegistry } from './comment-spam.hooks';
export type { CommentSpamFilter, SpamCheckCandidate, SpamVerdict } from './comment-spam.hooks';
