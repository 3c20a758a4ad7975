import type { Database } from '../../db/client';
import type { Storage } from '../../platform/storage/storage';
import type { AttachmentService } from '../attachment/attachment.service';
import { LibraryDocumentRepository } from './library-document.repository';
import { LibraryDocumentService } from './library-document.service';

/** Wires library documents: files come through the attachment flow and are served from storage. */
export function createLibraryDocumentModule(db: Database, deps: { attachments: AttachmentService; storage: Storage; today?: () => string }) {
  return { documents: new LibraryDocumentService({ repository: new LibraryDocumentRepository(db), attachments: deps.attachments, storage: deps.storage, today: deps.today }) };
}
