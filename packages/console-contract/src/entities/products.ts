import { activeField, COLUMN, field, namedEntity, options, relationField } from './fields.js';
import type { EntityDef } from './types.js';

/** A product sold through Mayar; purchases, campaigns and reports join on it. */
export const products: EntityDef = namedEntity(150, {
  name: 'products',
  label: 'Product',
  labelPlural: 'Products',
  permissionKey: 'databank_products',
  description: 'Products sold through Mayar, with price, tribe and the pixel that receives their purchases.',
  fields: [
    field.text('sku', 'SKU', {
      maxLength: 40,
      unique: true,
      pattern: '^[A-Z0-9-]{2,40}$',
      patternMessage: 'Use capital letters, digits or -',
      normalize: 'upper',
      ...COLUMN.searchable,
    }),
    relationField('mayar_account_id', 'Mayar account', 'mayar_accounts', {
      required: true,
      ...COLUMN.filterable,
    }),
    field.text('mayar_product_id', 'Mayar product id', {
      maxLength: 64,
      unique: true,
      searchable: true,
      help: 'The product’s id in Mayar (links purchases to this product).',
    }),
    field.enum('product_type', 'Type', {
      required: true,
      options: options({
        digital_product: 'Digital product',
        physical_product: 'Physical product',
        ebook: 'E-book',
        course: 'Online course',
        webinar: 'Webinar',
        membership: 'Membership',
        event: 'Event',
        coaching: 'Coaching',
      }),
      ...COLUMN.sortable,
    }),
    field.money('price', 'Price', { required: true, min: 0, list: true, sortable: true, filterable: true }),
    field.boolean('ships_package', 'Ships a package', {
      required: true,
      defaultValue: false,
      filterable: true,
      help: 'Orders appear in Logistics for packing and tracking.',
    }),
    relationField('tribe_id', 'Tribe', 'tribes', COLUMN.sortable),
    relationField('pixel_registry_id', 'Pixel', 'pixel_registries', { filterable: true }),
    field.longtext('description', 'Description', { maxLength: 2000 }),
    activeField(),
  ],
});
