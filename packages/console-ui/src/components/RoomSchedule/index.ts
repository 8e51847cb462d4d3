export {
  RoomSchedule,
  ROOM_SCHEDULE_MESSAGES,
  type RoomScheduleMessages,
  type RoomScheduleProps,
  type RoomScheduleView,
} from './RoomSchedule.js';
export {
  roomAvailability,
  type RoomAvailability,
  type ScheduleBooking,
  type ScheduleRoom,
} from './availability.js';
