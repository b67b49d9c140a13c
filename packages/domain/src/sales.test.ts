import { describe, expect, it } from 'vitest';
import {
  ordersArea,
  quotationFinalAmount,
  quotationsArea,
  SALES_STATUS_COLOURS,
  LEAD_STATUSES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  QUOTATION_STATUSES,
} from './sales';

describe('quotationFinalAmount', () => {
  it('is flat rate + tax% − discount% of it, to the paisa', () => {
    expect(quotationFinalAmount({ flatRate: 10000, tax: 5, discount: 2 })).toBe(10300);
    expect(quotationFinalAmount({ flatRate: 85000, tax: 5, discount: 0 })).toBe(89250);
    // 333.33 × 1.025 = 341.66325 → 341.66; 999.99 × 1.18 = 1179.9882 → 1179.99; 0.05 × 1.1 = 0.055 → 0.06 (half away from zero).
    expect(quotationFinalAmount({ flatRate: 333.33, tax: 5, discount: 2.5 })).toBe(341.66);
    expect(quotationFinalAmount({ flatRate: 999.99, tax: 18, discount: 0 })).toBe(1179.99);
    expect(quotationFinalAmount({ flatRate: 0.05, tax: 10, discount: 0 })).toBe(0.06);
  });

  it('treats a blank tax or discount as 0', () => {
    expect(quotationFinalAmount({ flatRate: 1200.5, tax: null, discount: null })).toBe(1200.5);
  });

  it('is blank without a flat rate (a per-km price only) or when it comes to 0 or less', () => {
    expect(quotationFinalAmount({ flatRate: null, tax: 5, discount: 0 })).toBeNull();
    expect(quotationFinalAmount({ flatRate: 0, tax: 5, discount: 0 })).toBeNull();
    expect(quotationFinalAmount({ flatRate: 1000, tax: 0, discount: 100 })).toBeNull();
    expect(quotationFinalAmount({ flatRate: 1000, tax: 0, discount: 99.9 })).toBe(1);
  });
});

describe('sales declarations', () => {
  it('gives every status a badge colour', () => {
    for (const status of [...LEAD_STATUSES, ...QUOTATION_STATUSES, ...ORDER_STATUSES, ...PAYMENT_STATUSES])
      expect(SALES_STATUS_COLOURS, status).toHaveProperty([status]);
  });

  it('makes a new quotation valid for 30 days from today with the specified defaults', () => {
    const defaults = quotationsArea.defaults();
    const days = (Date.parse(defaults.validUntil!) - Date.parse(new Date().toISOString().slice(0, 10))) / 86_400_000;
    expect(Math.abs(days - 30)).toBeLessThanOrEqual(1);
    expect(defaults).toMatchObject({
      vehicleType: 'Standard Truck',
      tax: 5,
      discount: 0,
      termsAndConditions: 'Standard terms apply',
      status: 'Draft',
      attachments: [],
    });
  });

  it('computes balance = final − paid (never below 0), paid = final when Paid, and clears both otherwise', () => {
    const order = (v: Record<string, unknown>) => ordersArea.prepare!({ ...ordersArea.defaults(), customerName: 'X', finalAmount: 1000, ...v });
    expect(order({ paymentStatus: 'Partially Paid', paidAmount: 999.99 })).toMatchObject({ paidAmount: 999.99, balanceAmount: 0.01 });
    expect(order({ paymentStatus: 'Partially Paid', paidAmount: 1500 })).toMatchObject({ balanceAmount: 0 });
    expect(order({ paymentStatus: 'Paid', paidAmount: 5, balanceAmount: 7 })).toMatchObject({ paidAmount: 1000, balanceAmount: 0 });
    expect(order({ paymentStatus: 'Overdue', paidAmount: 5, balanceAmount: 7 })).toMatchObject({ paidAmount: null, balanceAmount: null });
  });
});
