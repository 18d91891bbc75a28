import type { JsonSchema, SchemaContext } from '../../../../platform/rest';

const ALL = ['view', 'edit', 'embed'] as const;
const VIEW_EDIT = ['view', 'edit'] as const;

const renderedField = (
  description: string,
  rawDescription: string,
  renderedDescription: string,
  contexts: readonly SchemaContext[],
): JsonSchema => ({
  description,
  type: 'object',
  context: contexts,
  properties: {
    raw: { description: rawDescription, type: 'string', context: ['edit'] },
    rendered: { description: renderedDescription, type: 'string', context: contexts, readonly: true },
  },
});

/**
 * The attachment's rendered text fields as the item schema declares them (`{raw, rendered}`); the write
 * arguments show the same schema. A fresh object each call.
 */
export function attachmentTextField(field: 'title' | 'caption' | 'description'): JsonSchema {
  switch (field) {
    case 'title':
      return renderedField(
        'The title for the post.',
        'Title for the post, as it exists in the database.',
        'HTML title for the post, transformed for display.',
        ALL,
      );
    case 'caption':
      return renderedField(
        'The attachment caption.',
        'Caption for the attachment, as it exists in the database.',
        'HTML caption for the attachment, transformed for display.',
        ALL,
      );
    case 'description':
      return renderedField(
        'The attachment description.',
        'Description for the attachment, as it exists in the database.',
        'HTML description for the attachment, transformed for display.',
        VIEW_EDIT,
      );
  }
}
