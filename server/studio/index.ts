/**
 * The artist studio: featured pieces, boards composed from them, FA2 token import, and the balance lab.
 * Functions take the SQL client and the acting address explicitly; route handlers get both from the host and the
 * session.
 */
export {
  pieceInputSchema,
  pieceSourceSchema,
  slotSchema,
  eventSlotSchema,
  boardRequestSchema,
  EVENT_PALETTE,
  type Piece,
  type PieceInput,
  type PieceFields,
  type Slot,
  type EventSlot,
  type BoardRequest,
} from '../../chain/studio/schema';
export {
  composeBoard,
  slugify,
  tileImage,
  GO_TILE,
  type BoardExtras,
  type ComposedBoard,
} from '../../chain/studio/compose';
export {
  createPiece,
  listPieces,
  getPiece,
  deletePiece,
  piecesById,
  checkArtist,
  type CreatePieceOptions,
} from './pieces';
export {
  createBoard,
  getBoard,
  listBoards,
  saveLabReport,
  runBoardLab,
  type StudioBoard,
  type StudioBoardSummary,
} from './boards';
export {
  readFa2Token,
  readContractAuthority,
  checkFeatureRight,
  type ImportedToken,
  type ContractAuthority,
  type FeatureRight,
} from './import-token';
export {
  imageProblem,
  sniffImageType,
  decodeDataUri,
  isSupportedImageType,
  IMAGE_FORMATS,
  type ImageMimeType,
  type DataUri,
} from '../../chain/studio/image';
export {
  runBalanceLab,
  startBalanceLab,
  labOptionsSchema,
  MAX_LAB_GAMES,
  DEFAULT_LAB_GAMES,
  type LabOptions,
  type LabRun,
  type LabTile,
  type LengthBin,
  type BalanceLabReport,
} from './balance-lab';
export { labPool, type LabProgress } from './lab-pool';
export { labStreamResponse, type LabLine } from './lab-stream';
export { checkQuota, pageRequest, PAGE_SIZE, STUDIO_QUOTA, type Page, type PageRequest } from './studio-pages';
