// The provider ports a step's geocoder and map tiles capabilities give it (the stage's adapters are made
// in functions/wiring/capabilities/providers.ts).
import type { Geocoder, NadirImagery, SiteSource } from '../geo/types.ts';
import type { ImageryProvenance } from '../imagery/provenance.ts';

export interface Providers {
  readonly geocoder: Geocoder;
  readonly site: SiteSource;
  readonly imagery: NadirImagery;
  /** Where `imagery`'s pictures come from and what their licence allows (the stage's IMAGERY_LICENCES). */
  readonly imageryProvenance: ImageryProvenance;
}
