// The provider ports a step's geocoder and map tiles capabilities give it (the stage's adapters are made
// in functions/wiring/capabilities/providers.ts).
import type { Geocoder, SiteSource } from '../geo/types.ts';
import type { ImageryProvenance } from '../imagery/provenance.ts';
import type { Cadastre } from './cadastre/cadastre.ts';
import type { StageImagery } from './imagery/imagery-chooser.ts';

export interface Providers {
  readonly geocoder: Geocoder;
  readonly site: SiteSource;
  /**
   * The stage's imagery sources in order (imagery-chooser.ts): each picture says which served
   * (`provenance`). A request may add an organization's own sources, tried first (own-imagery.ts).
   */
  readonly imagery: StageImagery;
  /** What a picture of the stage's first imagery source states (where a step needs it before drawing). */
  readonly imageryProvenance: ImageryProvenance;
  /** The lot at a point or of a lot id, from the stage's cadastre sources (none listed: never a lot). */
  readonly cadastre: Cadastre;
}
