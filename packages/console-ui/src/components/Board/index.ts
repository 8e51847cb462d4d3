export {
  Board,
  BOARD_MESSAGES,
  type BoardCard,
  type BoardColumn,
  type BoardMessages,
  type BoardProps,
} from './Board.js';
