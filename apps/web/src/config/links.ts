/** External links of the landing page (spec 1 §1: a sales contact and a product page). */
export const externalLinks = {
  salesContact: 'mailto:sales@edgecaster.example?subject=Edgecaster%20Cloud',
  productPage: 'https://edgecaster.example/products/edgecaster',
} as const;

export const DEFAULT_DEPLOYMENT_NAME = 'Edgecaster Cloud';
