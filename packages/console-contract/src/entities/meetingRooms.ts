import { activeField, COLUMN, field, namedEntity } from './fields.js';
import type { EntityDef } from './types.js';

/** A bookable room; the Meeting Rooms Dashboard books against these. */
export const meetingRooms: EntityDef = namedEntity(80, {
  name: 'meeting_rooms',
  label: 'Meeting room',
  labelPlural: 'Meeting rooms',
  permissionKey: 'databank_mayar_accounts',
  description: 'Rooms staff can book, with capacity and facilities.',
  fields: [
    field.text('location', 'Location', {
      maxLength: 120,
      ...COLUMN.searchable,
      placeholder: 'Lantai 3, Gedung A',
    }),
    field.integer('capacity', 'Capacity', {
      required: true,
      min: 1,
      max: 500,
      ...COLUMN.sortable,
      help: 'People seated; bookings may not exceed it.',
    }),
    field.tags('facilities', 'Facilities', {
      maxLength: 20,
      itemMaxLength: 40,
      ...COLUMN.filterable,
      placeholder: 'TV, Whiteboard, Zoom',
    }),
    field.url('image_url', 'Photo URL'),
    field.boolean('requires_approval', 'Needs approval', {
      required: true,
      defaultValue: false,
      filterable: true,
      help: 'Bookings stay pending until GA confirms them.',
    }),
    activeField(),
  ],
});
