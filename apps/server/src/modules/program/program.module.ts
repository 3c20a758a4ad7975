import type { Database } from '../../db/client';
import { applicantInstructions, programModules, programRequirements } from '../../db/schema/program';
import { ProgramCatalogueService } from './program-catalogue.service';
import { OrderedPartRepository, ProgramSettingsRepository } from './program-part.repository';
import { ProgramPartService } from './program-part.service';
import { ProgramSettingsService } from './program-settings.service';
import { ProgramUserRepository } from './program-user.repository';
import { ProgramUserService } from './program-user.service';
import { ProgramRepository } from './program.repository';
import { ProgramService } from './program.service';

/** Wires the program domain's repositories and services once, for app.ts. */
export function createProgramModule(db: Database) {
  const programRepository = new ProgramRepository(db);
  const instructions = new OrderedPartRepository(db, applicantInstructions);
  const requirements = new OrderedPartRepository(db, programRequirements);
  const modules = new OrderedPartRepository(db, programModules);
  const settingsRepository = new ProgramSettingsRepository(db);
  const programs = new ProgramService(programRepository);
  return {
    programs,
    parts: new ProgramPartService(programs, instructions, requirements, modules),
    settings: new ProgramSettingsService(programs, settingsRepository),
    users: new ProgramUserService(programs, programRepository, new ProgramUserRepository(db)),
    catalogue: new ProgramCatalogueService(programRepository, instructions, requirements, modules, settingsRepository),
  };
}
