import { activeField, COLUMN, field, namedEntity, cityField } from './fields.js';
import type { EntityDef } from './types.js';

/** A legal entity of the group; bank accounts and targets hang off it. */
export const companies: EntityDef = namedEntity(120, {
  name: 'companies',
  label: 'Company',
  labelPlural: 'Companies',
  permissionKey: 'finance_manage_companies',
  description: 'Legal entities (PT / CV) with tax id and address.',
  fields: [
    field.text('legal_name', 'Legal name', {
      required: true,
      maxLength: 200,
      ...COLUMN.searchable,
      placeholder: 'PT Sinar Digital Nusantara',
    }),
    field.text('tax_id', 'NPWP', {
      maxLength: 20,
      unique: true,
      pattern: '^([0-9]{2}\\.[0-9]{3}\\.[0-9]{3}\\.[0-9]-[0-9]{3}\\.[0-9]{3}|[0-9]{15,16})$',
      patternMessage: 'Use 00.000.000.0-000.000 or the 16-digit NPWP',
      list: true,
      searchable: true,
    }),
    field.longtext('address', 'Address', { maxLength: 500 }),
    // Found by the list's search too (staff look a company up by its town).
    { ...cityField(), searchable: true },
    field.phone('phone', 'Phone'),
    field.email('email', 'Email', { searchable: true }),
    activeField(),
  ],
});
