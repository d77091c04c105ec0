import { test, expect } from '@playwright/test';

test('the first page opens', async ({ page }) => {
	await page.goto('/');
	await expect(page.getByRole('heading', { level: 1 })).toContainText('Carcassonne');
});
