import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One translatable text of an item: a trans-unit of its XLIFF. */
export interface TranslatableField {
  /** WPML's field id: `title`, `body`, `excerpt`, `field-<meta key>`, `t_<term id>`. */
  id: string;
  /** WPML's group: `Main Content`, `Custom Fields`, `Main Content/Taxonomies`. */
  group: string;
  value: string;
}

/** An item as translation management reads it. */
export interface TranslatableItem {
  elementType: string;
  id: number;
  language: string;
  title: string;
  status: string;
  /** The public permalink, or null. */
  link: string | null;
  authorId: number;
  fields: TranslatableField[];
}

/** What a completed translation writes: the texts by field id (missing ones copy the original). */
export interface SaveTranslationInput {
  original: TranslatableItem;
  /** The existing translation in the group to update, or null to create one that joins the group. */
  translationId: number | null;
  language: string;
  texts: ReadonlyMap<string, string>;
  /** Meta keys whose value is copied from the original rather than translated (field policy). */
  copiedFields: readonly string[];
  actorId: number;
  /** The actor may store unfiltered HTML (`unfiltered_html`); otherwise texts are sanitised as a post write is. */
  unfilteredHtml: boolean;
  manager: EntityManager;
}

/** A content module's translatable types: how to read an item and write its translation. */
export interface TranslatableSource {
  readonly elementTypes: readonly string[];
  load(
    elementType: string,
    ids: readonly number[],
    manager?: EntityManager,
  ): Promise<Map<number, TranslatableItem>>;
  /** Creates or updates the translation inside `input.manager`'s transaction; returns its ID. */
  saveTranslation(elementType: string, input: SaveTranslationInput): Promise<number>;
}

/** Called when an original changed (its jobs become "needs update"); `manager`: inside the change's transaction. */
export type OriginalChangedListener = (
  elementType: string,
  id: number,
  manager?: EntityManager,
) => Promise<void>;

/**
 * Where content modules register their translatable types (as they register oEmbed sources), so translation
 * management reads and writes content without importing the content modules.
 */
@Injectable()
export class TranslatableRegistry {
  private readonly logger = new Logger('TranslatableRegistry');
  private readonly sources = new Map<string, TranslatableSource>();
  private readonly changeListeners: OriginalChangedListener[] = [];

  register(source: TranslatableSource): void {
    for (const type of source.elementTypes) this.sources.set(type, source);
  }

  sourceFor(elementType: string): TranslatableSource | undefined {
    return this.sources.get(elementType);
  }

  elementTypes(): string[] {
    return [...this.sources.keys()];
  }

  onOriginalChanged(listener: OriginalChangedListener): void {
    this.changeListeners.push(listener);
  }

  /** An item's translatable content changed. Listener errors are logged, never a failed write. */
  async originalChanged(elementType: string, id: number, manager?: EntityManager): Promise<void> {
    for (const listener of this.changeListeners) {
      await listener(elementType, id, manager).catch((err: unknown) =>
        this.logger.error({ err }, 'translation change listener failed'),
      );
    }
  }
}
