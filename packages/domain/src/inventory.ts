import type { Stored } from './area';
import { declareArea, field, type InputOf } from './declare';

export const inventoryArea = declareArea({
  key: 'inventory',
  singular: 'inventory item',
  plural: 'inventory items',
  idFormat: { prefix: 'INV', timeDigits: 4, randomChars: 3 },
  fields: {
    name: field.text({ label: 'Name', required: true, sort: true, placeholder: 'e.g. Brake Pad Set' }),
    partNumber: field.text({ label: 'Part Number', required: true, max: 100, sort: true, placeholder: 'e.g. BP-TATA-1613' }),
    quantity: field.integer({ label: 'Quantity', required: true, default: 0, sort: true }),
    reorderLevel: field.integer({ label: 'Reorder Level', required: true, default: 10, sort: true }),
    costPerUnit: field.money({ label: 'Cost Per Unit (₹)', default: 0, sort: true }),
    supplier: field.text({ label: 'Supplier', sort: true, placeholder: 'e.g. Bosch Ltd' }),
    location: field.text({ label: 'Location', sort: true, placeholder: 'e.g. Rack A3, Pune Depot' }),
  },
  required: { title: 'Missing Fields', message: 'Name, Part Number, Quantity, and Reorder Level are required.' },
  rules: [
    (v) =>
      [v.quantity, v.reorderLevel, v.costPerUnit].some((n) => n !== null && n < 0)
        ? {
            title: 'Invalid Values',
            message: 'Quantity, Reorder Level, and Cost cannot be negative.',
            fields: ['quantity', 'reorderLevel', 'costPerUnit'].filter((k) => (v[k as 'quantity'] ?? 0) < 0),
          }
        : null,
  ],
  derived: {
    // Reorder Needed at or below the reorder level; Low Stock up to 5 above it.
    stock: {
      cases: [
        { value: 'Reorder Needed', when: { atMost: 'quantity', other: 'reorderLevel' } },
        { value: 'Low Stock', when: { atMost: 'quantity', other: 'reorderLevel', plus: 5 } },
      ],
      otherwise: 'In Stock',
      filterValues: ['Low Stock', 'Reorder Needed'],
    },
  },
});

export type InventoryInput = InputOf<typeof inventoryArea.fields>;
export type InventoryItem = Stored<InventoryInput>;
