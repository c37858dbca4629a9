/**
 * `npm run bill:paper`: prints the tables of docs/deployment.md's "The bill on paper" from the model in
 * scripts/bill/model.ts (10,000 venues × 3 languages, the render's measured CPU, one customer's measured
 * calls). Each goes between the doc's markers of its name; __tests__/docs/billOnPaper.test.ts checks they match.
 */
import { renderBill } from './bill/model';

for (const [name, markdown] of Object.entries(renderBill()))
  console.log(`<!-- bill:${name} -->\n\n${markdown}\n\n<!-- /bill -->\n`);
