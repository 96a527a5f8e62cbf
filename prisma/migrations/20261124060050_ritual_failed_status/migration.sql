-- AlterEnum
ALTER TYPE "EvolutionSessionStatus" ADD VALUE 'failed';
